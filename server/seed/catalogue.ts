/**
 * The starter catalogue: guided exercises and the content library, written in
 * pt-BR and versioned in exercises.json and content.json. Loaded on every
 * start; a slug already present (even if an admin deleted it) is left alone.
 */
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "#server/db/client.ts";
import { content, exercises } from "#server/db/schema/index.ts";
import contentSeed from "./content.json" with { type: "json" };
import exerciseSeed from "./exercises.json" with { type: "json" };

type ExerciseSeed = (typeof exerciseSeed)[number];
type ContentSeed = (typeof contentSeed)[number];

export async function loadStarterCatalogue(db: Db): Promise<{ exercises: number; content: number }> {
  // Usually every slug is there already: one indexed count instead of two inserts of the whole catalogue
  // (docs/decisions/021). A new slug in either file, or a missing row, falls through to the inserts.
  const exerciseSlugs = exerciseSeed.map((item: ExerciseSeed) => item.slug);
  const contentSlugs = contentSeed.map((item: ContentSeed) => item.slug);
  const [present] = rowsOf<{ exercises: number; content: number }>(
    await db.execute(sql`select
      (select count(*) from ${exercises} where ${exercises.slug} in ${exerciseSlugs})::int as exercises,
      (select count(*) from ${content} where ${content.slug} in ${contentSlugs})::int as content`),
  );
  if (present?.exercises === new Set(exerciseSlugs).size && present.content === new Set(contentSlugs).size) {
    return { exercises: 0, content: 0 };
  }
  const newExercises = await db
    .insert(exercises)
    .values(
      exerciseSeed.map((item: ExerciseSeed, index) => ({
        slug: item.slug,
        title: item.title,
        description: item.description,
        steps: item.steps,
        category: item.category as (typeof exercises.$inferInsert)["category"],
        duration: item.duration,
        requiredLevel: item.required_level,
        xpReward: item.xp_reward,
        mediaType: "link" as const,
        // Keeps the file's order as 'newest first' among equals, so quick picks are stable.
        createdAt: sql`now() - make_interval(secs => ${index})`,
      })),
    )
    .onConflictDoNothing({ target: exercises.slug })
    .returning({ id: exercises.id });
  const newContent = await db
    .insert(content)
    .values(
      contentSeed.map((item: ContentSeed) => ({
        slug: item.slug,
        title: item.title,
        description: item.description,
        contentType: item.content_type as (typeof content.$inferInsert)["contentType"],
        pointsRequired: item.points_required,
        duration: item.duration,
        body: item.body,
      })),
    )
    .onConflictDoNothing({ target: content.slug })
    .returning({ id: content.id });
  return { exercises: newExercises.length, content: newContent.length };
}
