import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { ignoreDeliberateAborts } from "~/ui/abort";

// React Router's own default entry, plus one guard (see ~/ui/abort and docs/decisions)
ignoreDeliberateAborts(window);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
