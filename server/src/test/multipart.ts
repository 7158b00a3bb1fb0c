/** A multipart/form-data body with one file, as a browser's form upload sends it. */
export function multipartFile(
  data: Buffer,
  { field = 'file', filename = 'file.bin', type = 'application/octet-stream' } = {},
) {
  const boundary = `----cadenza-test-${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
