import type { App } from '../app';

export default async function routes(_app: App): Promise<void> {}
