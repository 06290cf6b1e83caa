/**
 * The public module of exercises: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/exercises/ is private to it; tests may reach inside.
 */
export { exerciseRoutes, toExercise } from "./exercises.routes.ts";
