/**
 * Pages run under a Content-Security-Policy without 'unsafe-eval': zod's speed-up probe
 * (`new Function('')`) would be reported as a violation on every page. Browsers parse small
 * forms, so they go without it; the server keeps it. Zod probes when an object schema is made,
 * so every module of this folder that makes one imports this module first (ES modules run
 * their imports before their own body: a setting in index.ts alone would come too late).
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });
