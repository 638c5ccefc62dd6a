/** The file upload's words (`{name}`, `{limit}`, `{types}`, `{reason}` filled in); the wildcard types' names stay in `Labels`. */
export interface FileUploadWords {
  chooseFile: string;
  chooseFiles: string;
  acceptedTypes: string;
  fileSizeLimit: string;
  fileTooLarge: string;
  uploading: string;
  uploadFailed: string;
  removeFile: string;
  maxFilesReached: string;
  /** A file chosen beyond the question's limit; `fileNotAddedOne` when it takes one file. */
  fileNotAdded: string;
  fileNotAddedOne: string;
  fileTypeNotAccepted: string;
}

/** English, loaded with the file upload; the other languages' words travel in the live document. */
export const FILE_UPLOAD_WORDS: FileUploadWords = {
  chooseFile: 'Choose a file or drop it here',
  chooseFiles: 'Choose files or drop them here',
  acceptedTypes: 'Accepted: {types}.',
  fileSizeLimit: 'Up to {limit} per file.',
  fileTooLarge: '{name} is larger than {limit}.',
  uploading: 'Uploading {name}',
  uploadFailed: '{name} could not be uploaded: {reason}',
  removeFile: 'Remove {name}',
  maxFilesReached: 'Files allowed: {limit}.',
  fileNotAdded: '{name} was not added: up to {limit} files.',
  fileNotAddedOne: '{name} was not added: only one file is allowed.',
  fileTypeNotAccepted: '{name} is not an accepted file type.',
};
