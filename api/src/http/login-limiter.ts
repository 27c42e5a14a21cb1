/** Counts failed logins per address in a fixed window; blocked addresses get 429 until it ends. */
export class LoginLimiter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Seconds until the address may try again, or 0 when it may try now. */
  private retryAfter(address: string, at: number): number {
    const entry = this.failures.get(address);
    if (!entry) return 0;
    if (entry.resetAt <= at) {
      this.failures.delete(address);
      return 0;
    }
    return entry.count >= this.max ? Math.ceil((entry.resetAt - at) / 1000) : 0;
  }

  /**
   * Counts this login attempt as failed before the password is checked and answers 0, or the
   * seconds to wait when the address is blocked (nothing counted). Counting first means that
   * parallel requests cannot all pass the check before any failure is recorded; a successful
   * login calls succeed(), which clears the count.
   */
  attempt(address: string, at = Date.now()): number {
    const wait = this.retryAfter(address, at);
    if (wait === 0) this.fail(address, at);
    return wait;
  }

  private fail(address: string, at: number): void {
    const entry = this.failures.get(address);
    if (!entry || entry.resetAt <= at) {
      this.failures.set(address, { count: 1, resetAt: at + this.windowMs });
      this.prune(at);
      return;
    }
    entry.count += 1;
  }

  succeed(address: string): void {
    this.failures.delete(address);
  }

  private prune(at: number): void {
    if (this.failures.size < 10_000) return;
    for (const [k, v] of this.failures) if (v.resetAt <= at) this.failures.delete(k);
  }
}
