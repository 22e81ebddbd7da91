import { Outlet, useLocation } from "react-router";
import { Stepper } from "~/features/checkout/Stepper";
import { CardMemoryProvider } from "~/features/checkout/CardMemory";

const STEP_OF: Record<string, number> = { delivery: 1, payment: 2, confirm: 3, complete: 4 };

/** Checkout shell (SPEC §2.8): the step headers over the current step. Each step's loader guards its order. */
export default function OrderLayout() {
  const { pathname } = useLocation();
  const step = STEP_OF[pathname.split("/")[2] ?? ""] ?? 1;
  return (
    <CardMemoryProvider>
      <div className="pb-10">
        <Stepper current={step} />
        <Outlet />
      </div>
    </CardMemoryProvider>
  );
}
