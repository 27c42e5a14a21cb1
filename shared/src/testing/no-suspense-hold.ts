/**
 * Read by React as it loads, so dom-setup imports this first. React holds content that replaces a
 * Suspense fallback until 300 ms after the fallback showed (react.dev, `<Suspense>`, "Caveats"):
 * each lazy page or lazy kit a test opened waited that long doing nothing, about 30 s of the front
 * ends' suites. The workspace's patch of react-dom's development build (patches/, the hold read
 * from this global) lets the tests skip it; the production build is React's own, unpatched.
 */
(globalThis as { __REACT_FALLBACK_THROTTLE_MS__?: number }).__REACT_FALLBACK_THROTTLE_MS__ = 0;
