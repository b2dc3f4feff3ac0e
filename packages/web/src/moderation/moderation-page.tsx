import {
  actionFits,
  listReports,
  MODERATION_ACTIONS,
  MODERATION_NOTE_MAX,
  type ModerationAction,
  type ModerationReport,
  moderationMessages,
  reportingMessages,
  resolveReport,
  restoreTarget,
} from "@katale/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AccountFrame } from "../account/account-frame.js";
import { AdminGate } from "../admin/admin-gate.js";
import { useServices } from "../app/services-context.js";
import { ErrorState } from "../ui/error-state.js";
import { inputClass } from "../ui/field.js";
import { Spinner } from "../ui/spinner.js";

const text = reportingMessages;
const statuses = [
  { id: "open", label: text.tabOpen, empty: text.noOpenReports },
  { id: "resolved", label: text.tabResolved, empty: text.noResolvedReports },
] as const;

/** /account/moderation: the reports, open and resolved, and what admins do about them. */
export default function ModerationPage() {
  return <AdminGate>{() => <Moderation />}</AdminGate>;
}

function useModerationPorts() {
  const services = useServices();
  return async () => ({ moderation: (await services.moderation()).moderation, storage: services.local });
}

function Moderation() {
  const [params, setParams] = useSearchParams();
  const id = useId();
  const current = statuses.find((s) => s.id === params.get("status")) ?? statuses[0];
  const page = Math.max(1, Number(params.get("page")) || 1);
  const ports = useModerationPorts();
  const reports = useQuery({
    queryKey: ["moderation-reports", current.id, page],
    queryFn: async () => listReports(await ports(), { status: current.id, page }),
    placeholderData: keepPreviousData,
  });
  const choose = (index: number) => {
    const next = statuses[(index + statuses.length) % statuses.length] ?? statuses[0];
    setParams({ status: next.id }, { replace: true });
    document.getElementById(`${id}-${next.id}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = statuses.indexOf(current);
    if (event.key === "ArrowRight") choose(index + 1);
    else if (event.key === "ArrowLeft") choose(index - 1);
    else return;
    event.preventDefault();
  };
  const answer = reports.data;
  return (
    <AccountFrame title={text.moderation} wide>
      <div
        role="tablist"
        aria-label={text.moderationTabs}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="flex gap-2"
      >
        {statuses.map((status) => (
          <button
            key={status.id}
            id={`${id}-${status.id}`}
            type="button"
            role="tab"
            aria-selected={status === current}
            aria-controls={`${id}-panel`}
            tabIndex={status === current ? 0 : -1}
            onClick={() => setParams({ status: status.id }, { replace: true })}
            className={`min-h-11 rounded-full px-4 text-sm font-medium ring-1 ${
              status === current
                ? "bg-brand-700 text-white ring-brand-700"
                : "bg-white text-gray-800 ring-gray-300 hover:text-brand-700"
            }`}
          >
            {status.label}
          </button>
        ))}
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-${current.id}`}
        aria-busy={reports.isFetching}
        className="mt-4 max-w-3xl"
      >
        {answer === undefined ? (
          <Spinner />
        ) : !answer.ok ? (
          <ErrorState message={answer.error.message} onRetry={() => reports.refetch()} />
        ) : answer.value.items.length === 0 ? (
          <p className="rounded-2xl bg-white px-4 py-10 text-center text-gray-700 ring-1 ring-gray-200">
            {current.empty}
          </p>
        ) : (
          <>
            <ul className="flex flex-col gap-4">
              {answer.value.items.map((report) => (
                <li key={report.id}>
                  <ReportCard report={report} />
                </li>
              ))}
            </ul>
            {(answer.value.hasPrevious || answer.value.hasNext) && (
              <nav className="mt-4 flex justify-between">
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={!answer.value.hasPrevious}
                  onClick={() => setParams({ status: current.id, page: String(page - 1) })}
                >
                  {text.previous}
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={!answer.value.hasNext}
                  onClick={() => setParams({ status: current.id, page: String(page + 1) })}
                >
                  {text.next}
                </button>
              </nav>
            )}
          </>
        )}
      </div>
    </AccountFrame>
  );
}

function ReportCard({ report }: { report: ModerationReport }) {
  const { media } = useServices();
  const ports = useModerationPorts();
  const client = useQueryClient();
  const noteId = useId();
  const titleId = useId();
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const done = async (outcome: { ok: boolean; error?: { message: string } }) => {
    if (!outcome.ok) return setFailure(outcome.error?.message ?? null);
    setFailure(null);
    await client.invalidateQueries({ queryKey: ["moderation-reports"] });
  };
  const resolve = useMutation({
    mutationFn: async (action: ModerationAction) => resolveReport(await ports(), report, action, note),
    onSuccess: done,
  });
  const restore = useMutation({
    mutationFn: async () => restoreTarget(await ports(), report.target, report.targetId),
    onSuccess: done,
  });
  const busy = resolve.isPending || restore.isPending;
  const image = media(report.preview.imageUrl);
  return (
    <article
      aria-labelledby={titleId}
      aria-busy={busy}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
    >
      <div className="flex gap-3">
        {image ? (
          <img
            src={image}
            alt=""
            width={64}
            height={64}
            className="h-16 w-16 shrink-0 rounded-lg object-cover"
          />
        ) : null}
        <div className="min-w-0">
          <p className="text-xs font-medium text-gray-600 uppercase">{text.targetKind(report.target)}</p>
          <h2 id={titleId} className="font-semibold break-words">
            {report.preview.url ? (
              <Link to={report.preview.url} className="underline hover:text-brand-700">
                {report.preview.title}
              </Link>
            ) : (
              report.preview.title
            )}
          </h2>
          <p className="text-sm text-gray-700">
            {text.reportsOnTarget(report.reportsOnTarget)} · {text.reportedBy(report.reporter.name)}
          </p>
        </div>
      </div>
      <p className="mt-3 font-medium">{text.reasons[report.reason]}</p>
      {report.details && <p className="mt-1 whitespace-pre-line text-gray-800">{report.details}</p>}
      {report.status === "open" ? (
        <div className="mt-3">
          <label htmlFor={noteId} className="block text-sm font-medium">
            {text.note}
          </label>
          <textarea
            id={noteId}
            rows={2}
            maxLength={MODERATION_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className={`${inputClass} mt-1 h-auto w-full py-2`}
          />
          <div className="mt-2 flex flex-wrap gap-2">
            {MODERATION_ACTIONS.filter((action) => actionFits(action, report.target)).map((action) => (
              <button
                key={action}
                type="button"
                disabled={busy}
                className={action === "dismiss" ? "btn-secondary" : "btn-primary"}
                onClick={() => resolve.mutate(action)}
              >
                {text.actions[action]}
              </button>
            ))}
          </div>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-gray-700">
            {text.resolvedAs(report.action ? text.actions[report.action] : "", report.note)}
          </p>
          {report.action !== null && report.action !== "dismiss" && (
            <button type="button" className="btn-secondary" disabled={busy} onClick={() => restore.mutate()}>
              {text.restore}
            </button>
          )}
        </div>
      )}
      {restore.data?.ok && (
        <p role="status" className="mt-2 text-sm text-gray-700">
          {moderationMessages.restored}
        </p>
      )}
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      )}
    </article>
  );
}
