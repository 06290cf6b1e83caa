/**
 * The starter catalogue: guided exercises and the content library, written in
 * pt-BR and versioned in exercises.json and content.json. Loaded on every
 * start; a slug already present (even if an admin deleted it) is left alone.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { content, exercises } from "#server/db/schema/index.ts";
import contentSeed from "./content.json" with { type: "json" };
import exerciseSeed from "./exercises.json" with { type: "json" };

type ExerciseSeed = (typeof exerciseSeed)[number];
type ContentSeed = (typeof contentSeed)[number];

export async function loadStarterCatalogue(db: Db): Promise<{ exercises: number; content: number }> {
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
