/**
 * `react-router-dom` as shared: like the real package (react-router-dom 7 only re-exports
 * react-router), everything comes from the shared `react-router` (the client-only facade).
 */
export * from 'react-router';
