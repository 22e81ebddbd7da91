import { createContext, useContext, useRef, type ReactNode } from "react";

/**
 * The card entered at the payment step, kept only in this tab's memory until the order is confirmed. It is
 * never written to the server's database, logs or the browser's storage (issue 8): a reload forgets it and the
 * buyer types it again.
 */
export interface CardInMemory {
  creditCardNumber: string;
  cardHolder: string;
  month: number;
  year: number;
  secCode: string;
}

interface Store {
  get(): CardInMemory | null;
  set(card: CardInMemory | null): void;
}

const CardContext = createContext<Store>({ get: () => null, set: () => {} });

export function CardMemoryProvider({ children }: { children: ReactNode }) {
  const card = useRef<CardInMemory | null>(null);
  const store = useRef<Store>({ get: () => card.current, set: (c) => void (card.current = c) });
  return <CardContext value={store.current}>{children}</CardContext>;
}

export const useCardMemory = () => useContext(CardContext);
