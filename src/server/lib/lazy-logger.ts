import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** Whether a logger writes `level` (pino's isLevelEnabled; a logger without it writes everything). */
export const levelEnabled = (logger: FastifyBaseLogger, level: string): boolean => {
  const check = (logger as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return check ? check.call(logger, level) : true;
};

/**
 * A request's logger that becomes a real pino child only when something is logged at an enabled
 * level. Fastify makes a child logger for every request (to carry its id); most requests log
 * nothing (request logging is off, docs/architecture.md#request-flow), and building the child was
 * a measurable part of a small request's cost.
 */
class LazyChild {
  #parent: FastifyBaseLogger;
  #bindings: Bindings;
  #options: ChildLoggerOptions;
  #real: FastifyBaseLogger | null = null;
  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }
  get real(): FastifyBaseLogger {
    return (this.#real ??= this.#parent.child(this.#bindings, this.#options));
  }
  get level(): string {
    return this.#real?.level ?? this.#options.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  isLevelEnabled(level: string): boolean {
    return levelEnabled(this.real, level);
  }
  #log(level: Level, args: unknown[]) {
    if (this.#real || this.#options.level || levelEnabled(this.#parent, level)) (this.real[level] as (...a: unknown[]) => void)(...args);
  }
  fatal(...args: unknown[]) { this.#log('fatal', args); }
  error(...args: unknown[]) { this.#log('error', args); }
  warn(...args: unknown[]) { this.#log('warn', args); }
  info(...args: unknown[]) { this.#log('info', args); }
  debug(...args: unknown[]) { this.#log('debug', args); }
  trace(...args: unknown[]) { this.#log('trace', args); }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

export const lazyChildLogger = (logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger =>
  new LazyChild(logger, bindings, options) as unknown as FastifyBaseLogger;
