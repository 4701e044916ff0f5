export type FlashSeverity = 'success' | 'info' | 'warning' | 'error';

export interface FlashMessage {
  id: number;
  message: string;
  /**
   * What the message is news of (say, one report): a later message on the same topic takes the
   * place of one still waiting or shown, so that news already out of date is not shown first.
   */
  topic?: string;
  severity: FlashSeverity;
  position: { vertical: 'top' | 'bottom'; horizontal: 'left' | 'center' | 'right' };
}

export type FlashInput = Omit<FlashMessage, 'id' | 'position' | 'severity' | 'topic'> &
  Partial<Pick<FlashMessage, 'position' | 'severity' | 'topic'>>;

let nextId = 1;

/**
 * Messages wait in order; only the head of the queue is shown. A message on the topic of one in
 * the queue replaces it where it stands (shown at once, for its full time, if that one was).
 */
export function enqueue(queue: readonly FlashMessage[], input: FlashInput): FlashMessage[] {
  const message: FlashMessage = {
    id: nextId++,
    severity: input.severity ?? 'info',
    position: input.position ?? { vertical: 'bottom', horizontal: 'center' },
    message: input.message,
    ...(input.topic === undefined ? {} : { topic: input.topic }),
  };
  const stale =
    input.topic === undefined ? -1 : queue.findIndex((item) => item.topic === input.topic);
  if (stale < 0) return [...queue, message];
  return queue.map((item, index) => (index === stale ? message : item));
}

export function dismiss(queue: readonly FlashMessage[], id: number): FlashMessage[] {
  return queue.filter((message) => message.id !== id);
}
