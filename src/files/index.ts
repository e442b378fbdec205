/** Files in the browser: saving exports, checking what was downloaded, names and sizes. */
export { saveBlob, BLOB_URL_REVOKE_MS } from './saveBlob';
export {
  downloadFile,
  fileNameFromContentDisposition,
  fetchedFileOf,
  type FetchedFile,
  type DownloadOptions,
  type DownloadOutcome,
} from './downloadFile';
export { getFileSize, type HeadResponse, type FileSizeResult } from './fileSize';
export { safeFileName, MAX_FILE_NAME_BYTES, DEFAULT_FILE_NAME } from './safeFileName';
export { FileMessageKeys, type FileMessageKey, type Notify, type Translate } from './messages';
