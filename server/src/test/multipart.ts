/** A multipart/form-data body with one file, as a browser's form upload sends it. */
export function multipartFile(
  data: Buffer,
  {
    field = 'file',
    filename = 'file.bin',
    type = 'application/octet-stream',
    fields = {},
  }: { field?: string; filename?: string; type?: string; fields?: Record<string, string> } = {},
) {
  const boundary = `----cadenza-test-${Date.now()}`;
  const body = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
