export { ConfirmButton } from './confirm-button.tsx';
export { downloadFile } from './download-file.ts';
export { ProblemMessage } from './problem-message.tsx';
