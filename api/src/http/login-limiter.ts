/** The in-process failed-login counts moved to state/ (the shared-state seam). */
export { LoginLimiter } from '../state/login-limiter';
