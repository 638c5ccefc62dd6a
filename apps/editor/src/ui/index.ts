export { ConfirmButton } from './confirm-button.tsx';
export { ProblemMessage } from './problem-message.tsx';
