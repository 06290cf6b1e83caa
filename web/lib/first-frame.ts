/**
 * The first frame of a signed-in page is drawn by the server
 * (web/first-frame.tsx, docs/decisions/021) inside this element, ahead of the
 * app's own nodes, which app.css hides while it is there. The app drops it in
 * the same commit that draws the screen in its place.
 */
export const FIRST_FRAME_TAG = "sereno-frame";

export function dropFirstFrame(): void {
  document.querySelector(FIRST_FRAME_TAG)?.remove();
}
