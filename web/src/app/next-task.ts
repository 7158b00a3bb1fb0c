/**
 * Resolves in a task of its own, once the browser has had its turn: steps of starting the app
 * split this way let the browser answer a tap between them. A message, not a timer: a tab in
 * the background, where the app starts at once, runs timers a second apart at most.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
