export type FlashSeverity = 'success' | 'info' | 'warning' | 'error';

export interface FlashMessage {
  id: number;
  message: string;
  severity: FlashSeverity;
  position: { vertical: 'top' | 'bottom'; horizontal: 'left' | 'center' | 'right' };
}

export type FlashInput = Omit<FlashMessage, 'id' | 'position' | 'severity'> &
  Partial<Pick<FlashMessage, 'position' | 'severity'>>;

let nextId = 1;

/** Messages wait in order; only the head of the queue is shown. */
export function enqueue(queue: readonly FlashMessage[], input: FlashInput): FlashMessage[] {
  const message: FlashMessage = {
    id: nextId++,
    severity: input.severity ?? 'info',
    position: input.position ?? { vertical: 'bottom', horizontal: 'center' },
    message: input.message,
  };
  return [...queue, message];
}

export function dismiss(queue: readonly FlashMessage[], id: number): FlashMessage[] {
  return queue.filter((message) => message.id !== id);
}
