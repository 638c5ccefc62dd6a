export { ROLE_NAMES, ROLE_WORDS, roleWithArticle } from './account-words.ts';
export { ConfirmButton } from './confirm-button.tsx';
export { CopyButton } from './copy-button.tsx';
export { downloadFile } from './download-file.ts';
export { ProblemMessage } from './problem-message.tsx';
export { RoleGate } from './role-gate.tsx';
export { TextField } from './text-field.tsx';
