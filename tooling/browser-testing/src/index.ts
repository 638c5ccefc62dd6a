export { type AxeViolation, axeViolations, describeViolation } from './axe.ts';
export { launchBrowser } from './chromium.ts';
export { type RunningServer, startServer } from './server-process.ts';
