export { type AxeViolation, axeViolations, describeViolation } from './axe.ts';
export { launchBrowser } from './chromium.ts';
export { restCalls } from './rest-calls.ts';
export { type RunningServer, startServer } from './server-process.ts';
