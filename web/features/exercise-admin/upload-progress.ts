/**
 * Spec 4's creation progress (25, 50, 75, 90, 100) driven by the real upload:
 * the request body is the form's fields, then the media file, then the
 * thumbnail, so the bytes sent say which file is on its way and how far.
 */

export type UploadSizes = { media: number; thumbnail: number };

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** Where the bar starts when the request goes out: with the media, the thumbnail, or nothing to upload. */
export function startPercent({ media, thumbnail }: UploadSizes): number {
  if (media > 0) return 25;
  if (thumbnail > 0) return 75;
  return 90;
}

/**
 * The percent for `loaded` of `total` body bytes: 25→50 across the media,
 * 75→90 across the thumbnail, 90 once everything is sent (the server is
 * writing the record); 100 is only for the server's yes.
 */
export function uploadPercent(loaded: number, total: number, sizes: UploadSizes): number {
  if (total > 0 && loaded >= total) return 90;
  // Multipart boundaries and the text fields are what is not a file; they go first.
  const fields = Math.max(0, total - sizes.media - sizes.thumbnail);
  const intoMedia = loaded - fields;
  if (sizes.media > 0 && intoMedia < sizes.media) return 25 + 25 * clamp01(intoMedia / sizes.media);
  const intoThumbnail = intoMedia - sizes.media;
  if (sizes.thumbnail > 0 && intoThumbnail < sizes.thumbnail) {
    return 75 + 15 * clamp01(intoThumbnail / sizes.thumbnail);
  }
  return sizes.media > 0 && sizes.thumbnail === 0 ? 50 : 90;
}
