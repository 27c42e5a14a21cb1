/** Side-effect CSS imports (rspack's native CSS support). */
declare module '*.css';
