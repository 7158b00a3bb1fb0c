/**
 * Each item's result, in the items' order, with up to `width` calls in flight: the calls after
 * the one being handled are already running. A file read by many small reads spends most of
 * its time waiting on the disk's threads; reading a few at once fills those waits.
 *
 * A call that fails throws when its turn comes, not before. Stopping early leaves the calls
 * in flight to finish on their own.
 */
export async function* readAhead<T, R>(
  items: readonly T[],
  width: number,
  call: (item: T) => Promise<R>,
): AsyncGenerator<[T, R]> {
  const inFlight: Promise<R>[] = [];
  let started = 0;
  for (let index = 0; index < items.length; index++) {
    while (started < items.length && started < index + width) {
      const result = call(items[started++]!);
      // Handled here so a failure does not go unhandled while an earlier call is awaited; the
      // failure itself is thrown below, at its turn.
      result.catch(() => {});
      inFlight.push(result);
    }
    yield [items[index]!, await inFlight.shift()!];
  }
}
