import { imageUploadContentTypes, maxImageBytes } from '@opora/contracts';
import { ApiError } from '@/lib/api-client.ts';

/** Why an image was not stored; each has its sentence in `provider-images:errors`. */
export type ImageProblem = 'tooBig' | 'wrongType' | 'dimensions' | 'tooMany' | 'failed';

/** What the browser can tell before sending; the server decides by the content anyway. */
export function checkBeforeSending(file: File): ImageProblem | null {
  if (file.size > maxImageBytes) return 'tooBig';
  // An empty type (some systems) is left to the server.
  if (file.type && !(imageUploadContentTypes as readonly string[]).includes(file.type)) return 'wrongType';
  return null;
}

/** The API's refusal as a problem to show beside the field. */
export function problemOf(error: unknown): ImageProblem {
  if (!(error instanceof ApiError)) return 'failed';
  switch (error.code) {
    case 'PayloadTooLarge':
      return 'tooBig';
    case 'ImageTypeNotAllowed':
    case 'UnsupportedMediaType':
      return 'wrongType';
    case 'ImageDimensionsNotAllowed':
      return 'dimensions';
    case 'ImageLimitReached':
      return 'tooMany';
    default:
      return 'failed';
  }
}
