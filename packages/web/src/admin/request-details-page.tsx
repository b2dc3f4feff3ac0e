import {
  adminServerMessages,
  messages,
  shopOwnerMessages,
  signedInToken,
  type VerificationReview,
  webAccountMessages,
  webAdminMessages,
} from "@katale/domain";
import { type AdminPorts, approveVerification, decideWithReason } from "@katale/domain/admin";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, FileWarning, LoaderCircle } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { type BannerState, Banners } from "../ui/banner.js";
import { ErrorState } from "../ui/error-state.js";
import { TextAreaField } from "../ui/field.js";
import { PageTitle } from "../ui/page-title.js";
import { Spinner } from "../ui/spinner.js";
import { SubmitButton } from "../ui/submit-button.js";
import { AdminGate } from "./admin-gate.js";
import { KindBadge, StatusBadge } from "./status-badge.js";
import { usePrivateDocument } from "./use-private-document.js";

const text = webAdminMessages;

/** The documents' names as the forms that sent them call them. */
const documentNames: Record<string, string> = {
  national_id_image: webAccountMessages.nationalIdImage,
  user_image: webAccountMessages.userImage,
  shop_image: shopOwnerMessages.shopPhoto,
};

/** /account/request-details/:id: one request's data and documents, and the decision on it. */
export default function RequestDetailsPage() {
  return <AdminGate>{(ports) => <Details ports={ports} />}</AdminGate>;
}

function useRequest(ports: AdminPorts, id: number) {
  return useQuery({
    queryKey: ["admin", "verification-request", id],
    queryFn: async () => {
      const token = signedInToken(ports.storage);
      if (!token.ok) return token;
      return ports.verificationReview.getRequest(token.value, id);
    },
    enabled: Number.isInteger(id) && id > 0,
  });
}

function Details({ ports }: { ports: AdminPorts }) {
  const id = Number(useParams().id);
  const request = useRequest(ports, id);
  return (
    <div className="page max-w-3xl py-4 sm:py-6">
      <Link
        to="/account/request-view"
        className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm text-gray-700 hover:text-brand-700"
      >
        <ArrowLeft aria-hidden="true" size={18} />
        {text.backToRequests}
      </Link>
      <div className="mt-1">
        <PageTitle>{text.requestTitle}</PageTitle>
      </div>
      <div className="mt-5 flex flex-col gap-5">
        {!Number.isInteger(id) || id < 1 ? (
          <ErrorState message={adminServerMessages.requestNotFound} />
        ) : request.isPending ? (
          <Spinner />
        ) : !request.data?.ok ? (
          <ErrorState
            message={
              request.data?.error && "message" in request.data.error && request.data.error.message
                ? request.data.error.message
                : messages.common.checkConnection
            }
            onRetry={request.refetch}
          />
        ) : (
          <Review ports={ports} request={request.data.value} />
        )}
      </div>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[12rem_1fr] sm:gap-3">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="min-w-0 break-words text-gray-900">{children}</dd>
    </div>
  );
}

function Review({ ports, request }: { ports: AdminPorts; request: VerificationReview }) {
  const client = useQueryClient();
  const [banner, setBanner] = useState<BannerState | null>(null);
  const [approving, setApproving] = useState(false);
  const [asking, setAsking] = useState<"reject" | "revoke" | null>(null);

  const decided = async (answer: Awaited<ReturnType<typeof approveVerification>>, line: string) => {
    if (!answer.ok) {
      setBanner({ tone: "error", text: answer.error.message });
      return false;
    }
    client.setQueryData(["admin", "verification-request", request.id], answer);
    await client.invalidateQueries({ queryKey: ["admin", "verification-requests"] });
    setAsking(null);
    setBanner({ tone: "success", text: line });
    return true;
  };

  const location =
    request.locationLatitude !== null && request.locationLongitude !== null
      ? `${request.locationLatitude.toFixed(5)}, ${request.locationLongitude.toFixed(5)}`
      : webAccountMessages.notSet;

  return (
    <>
      <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="mr-auto text-lg font-semibold text-gray-900">
            {request.shop ? request.shop.name : request.user.name}
          </h2>
          <KindBadge kind={request.kind} />
          <StatusBadge status={request.status} />
        </div>
        <dl className="mt-3 divide-y divide-gray-100">
          <Row label={text.applicant}>{request.user.name}</Row>
          {request.shop && <Row label={text.shop}>{request.shop.name}</Row>}
          <Row label={text.email}>{request.email ?? request.user.email}</Row>
          <Row label={text.phone}>{request.phone ?? request.user.phone}</Row>
          {request.kind === "user" && <Row label={text.nin}>{request.nin ?? webAccountMessages.notSet}</Row>}
          <Row label={text.location}>{location}</Row>
          <Row label={text.submitted}>{new Date(request.submittedAt).toLocaleString()}</Row>
          {request.reason && <Row label={text.reason}>{request.reason}</Row>}
        </dl>
      </section>
      <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
        <h2 className="text-lg font-semibold text-gray-900">{text.documents}</h2>
        {request.documents.length === 0 ? (
          <p className="mt-3 text-gray-600">{text.noDocuments}</p>
        ) : (
          <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
            {request.documents.map((document) => (
              <li key={document.url}>
                <Document name={document.name} path={document.url} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
        <Banners state={banner} />
        {request.status === "PENDING" && asking === null && (
          <div className="flex flex-col gap-2 sm:flex-row">
            <button
              type="button"
              className="btn-primary"
              disabled={approving}
              aria-busy={approving}
              onClick={async () => {
                setApproving(true);
                setBanner(null);
                await decided(await approveVerification(ports, request.id), adminServerMessages.approved);
                setApproving(false);
              }}
            >
              {approving && <LoaderCircle aria-hidden="true" size={18} className="animate-spin" />}
              {approving ? text.approving : text.approve}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setAsking("reject")}>
              {text.reject}
            </button>
          </div>
        )}
        {request.status === "VERIFIED" && asking === null && (
          <button type="button" className="btn-secondary sm:self-start" onClick={() => setAsking("revoke")}>
            {text.removeVerification}
          </button>
        )}
        {asking !== null && (
          <ReasonForm
            label={asking === "reject" ? text.reasonForRejection : text.reasonForRemoval}
            onCancel={() => setAsking(null)}
            onSend={async (reason) => {
              setBanner(null);
              const answer = await decideWithReason(ports, request.id, asking, reason);
              return decided(
                answer,
                asking === "reject" ? adminServerMessages.rejected : adminServerMessages.revoked,
              );
            }}
          />
        )}
      </section>
    </>
  );
}

function ReasonForm({
  label,
  onSend,
  onCancel,
}: {
  label: string;
  onSend: (reason: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={async (event) => {
        event.preventDefault();
        if (reason.trim() === "") {
          setError(adminServerMessages.reasonRequired);
          return;
        }
        setError(undefined);
        setBusy(true);
        await onSend(reason);
        setBusy(false);
      }}
    >
      <TextAreaField
        label={label}
        rows={4}
        value={reason}
        error={error}
        onChange={(event) => setReason(event.target.value)}
        data-autofocus
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <SubmitButton busy={busy} busyLabel={text.sending} className="sm:w-auto">
          {text.send}
        </SubmitButton>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {text.cancel}
        </button>
      </div>
    </form>
  );
}

function Document({ name, path }: { name: string; path: string }) {
  const document = usePrivateDocument(path);
  const label = documentNames[name] ?? name.replace(/[_-]+/g, " ");
  return (
    <figure className="flex flex-col gap-1">
      {document.url ? (
        <a href={document.url} target="_blank" rel="noreferrer">
          <img
            src={document.url}
            alt={label}
            className="h-48 w-full rounded-lg bg-gray-50 object-contain ring-1 ring-gray-200"
          />
        </a>
      ) : document.failed ? (
        <div
          role="alert"
          className="flex h-48 flex-col items-center justify-center gap-2 rounded-lg bg-gray-50 text-sm text-gray-700 ring-1 ring-gray-200"
        >
          <FileWarning aria-hidden="true" size={24} />
          {text.documentFailed}
        </div>
      ) : (
        <Spinner className="h-48 items-center" />
      )}
      <figcaption className="text-sm text-gray-700 first-letter:uppercase">{label}</figcaption>
    </figure>
  );
}
