import type { ApiResponse } from '@opendtu/api';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useI18n } from '../i18n/i18n-provider';
import { apiResponseText, type AlertVariant } from './api-alert';

/** How long a toast stays (spec §9). */
export const TOAST_DELAY_MS = 5000;

interface ToastItem {
  id: number;
  variant: AlertVariant;
  text: ReactNode;
}

interface Toasts {
  show: (variant: AlertVariant, text: ReactNode) => void;
  /** Shows a write answer, translated and coloured by its type. */
  showResponse: (response: ApiResponse) => void;
}

const ToastContext = createContext<Toasts | null>(null);

/** Toasts in the bottom corner, announced politely, each gone after 5 s. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const hide = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setItems((list) => list.filter((item) => item.id !== id));
  }, []);

  const show = useCallback(
    (variant: AlertVariant, text: ReactNode) => {
      const id = nextId.current++;
      setItems((list) => [...list, { id, variant, text }]);
      timers.current.set(
        id,
        setTimeout(() => hide(id), TOAST_DELAY_MS),
      );
    },
    [hide],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const value = useMemo<Toasts>(
    () => ({ show, showResponse: (response) => show(response.type, apiResponseText(i18n, response)) }),
    [show, i18n],
  );

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        className="toast-container position-fixed bottom-0 end-0 p-3"
        aria-live="polite"
        aria-label={t('base.Notifications')}
        role="region"
      >
        {items.map((item) => (
          <div key={item.id} className={`toast show border-0 text-bg-${item.variant}`} role="status">
            <div className="d-flex">
              <div className="toast-body">{item.text}</div>
              <button
                type="button"
                className="btn-close btn-close-white me-2 m-auto"
                aria-label={t('base.Close')}
                onClick={() => hide(item.id)}
              />
            </div>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): Toasts {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast needs a ToastProvider');
  return context;
}
