import { afterAll } from 'vitest';

/**
 * Preact runs effects after paint: a 35 ms timer that calls `cancelAnimationFrame`. A timer still
 * pending when a file's jsdom is torn down then throws "cancelAnimationFrame is not defined", an
 * unhandled error that fails the whole run (seen on a loaded CI machine). Waiting a little longer
 * than that timer before teardown lets every pending effect run while the window still exists.
 */
afterAll(() => new Promise((resolve) => setTimeout(resolve, 100)));
