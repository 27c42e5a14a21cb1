/**
 * Resolves after the browser has painted the next frame (a timer queued from an animation frame
 * runs after that frame's paint): work that can wait does not delay what the screen shows.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') setTimeout(resolve, 0);
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
