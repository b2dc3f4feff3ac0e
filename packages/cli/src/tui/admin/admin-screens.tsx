import { resolve } from "node:path";
import {
  type Category,
  err,
  type Filter,
  messages,
  type Result,
  type SubCategory,
  type VerificationReview,
  type VerificationReviewQuery,
} from "@katale/domain";
import {
  addCategory,
  addFilter,
  addFilterValue,
  addSubCategory,
  approveVerification,
  decideWithReason,
  deleteCategory,
  deleteFilter,
  deleteFilterValue,
  deleteSubCategory,
  editCategory,
  editSubCategory,
  listVerificationRequests,
  renameFilter,
  renameFilterValue,
} from "@katale/domain/admin";
import { Box, Text, useInput } from "ink";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { adminCliMessages } from "../../admin/admin-cli-messages.js";
import { adminFailureOf } from "../../admin/admin-run.js";
import { authCliMessages } from "../../auth/auth-cli-messages.js";
import { truncate } from "../../output/text.js";
import { loadImageFile } from "../../selling/image-files.js";
import { Field } from "../components/field.js";
import { ItemList, type Row } from "../components/item-list.js";
import { ErrorLine, LoadedView } from "../components/status.js";
import { failureText } from "../failure-text.js";
import { useScreenKeys, useTui, useTyping } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { infiniteFooter, useInfinite } from "../use-infinite.js";
import { useLoad } from "../use-load.js";

// The admin's screens (issue 10 in the terminal): the catalogue tree and the verification queue.
// Whether the signed-in user is an admin is asked of the auth service (users/me/) first.

type AdminCheck =
  | { readonly state: "checking" }
  | { readonly state: "ok" }
  | { readonly state: "no"; readonly message: string };

function useAdminCheck(): AdminCheck {
  const { services, session } = useTui();
  const [check, setCheck] = useState<AdminCheck>({ state: "checking" });
  useEffect(() => {
    const admin = services.admin;
    const token = admin?.storage.get("token") ?? null;
    if (admin === undefined || session === null || token === null)
      return setCheck({ state: "no", message: tuiMessages.signInFor("the admin's screens") });
    void admin.auth.me(token).then((me) => {
      if (me.ok)
        setCheck(me.value.isAdmin ? { state: "ok" } : { state: "no", message: adminCliMessages.adminNeeded });
      else if (me.error.kind === "network")
        setCheck({ state: "no", message: failureText({ kind: "network" }, services.urls, "auth") });
      else setCheck({ state: "no", message: authCliMessages.sessionEnded });
    });
  }, [services, session]);
  return check;
}

/** Admin: the catalogue and the verification requests, for admins. */
export function AdminScreen() {
  const tui = useTui();
  const check = useAdminCheck();
  if (check.state === "checking") return <Text>{tuiMessages.loading}</Text>;
  if (check.state === "no") return <ErrorLine text={check.message} />;
  return (
    <ItemList
      width={tui.width}
      height={tui.height}
      rows={[
        {
          key: "catalogue",
          text: tuiMessages.catalogueTitle,
          onOpen: () => tui.open({ screen: "admin-catalogue" }),
        },
        {
          key: "verifications",
          text: messages.webAdmin.requestsTitle,
          onOpen: () => tui.open({ screen: "admin-verifications" }),
        },
      ]}
    />
  );
}

type Node =
  | { readonly level: "category"; readonly item: Category }
  | { readonly level: "sub-category"; readonly item: SubCategory }
  | { readonly level: "filter"; readonly item: Filter }
  | { readonly level: "value"; readonly item: Filter["values"][number]; readonly filter: Filter };

type Prompt =
  | { readonly kind: "add"; readonly under: Node | null; readonly label: string }
  | { readonly kind: "rename"; readonly node: Node }
  | { readonly kind: "image"; readonly node: Node & { readonly level: "category" | "sub-category" } }
  | { readonly kind: "delete"; readonly node: Node };

const CHILD: Record<Node["level"], string | null> = {
  category: "sub category",
  "sub-category": "filter",
  filter: "value",
  value: null,
};

/** An image's file name: the last part of its path or URL. */
function imageName(path: string): string {
  return path.split(/[/?#]/).filter(Boolean).pop() ?? path;
}

/** What is wrong with an image file, in the admin commands' words. */
function imageProblem(file: string, problem: string): string {
  if (problem === "missing") return adminCliMessages.imageNotFound(file);
  if (problem === "too-large") return adminCliMessages.imageTooLarge(file);
  return adminCliMessages.imageNotAnImage(file);
}

/**
 * The catalogue as a tree: Enter opens or closes a category, sub category or filter; n adds a
 * category, a adds under the selected one, r renames, i sets a category's or sub category's image
 * (a file's path), d deletes (after y).
 */
export function CatalogueScreen() {
  const tui = useTui();
  const { services, width, height } = tui;
  const admin = services.admin!;
  const describe = useCallback(
    (e: Parameters<typeof failureText>[0]) => failureText(e, services.urls),
    [services],
  );
  const categories = useLoad(() => services.categories.listCategories(), describe, []);
  const [subs, setSubs] = useState<Map<number, SubCategory[]>>(new Map());
  const [filters, setFilters] = useState<Map<number, Filter[]>>(new Map());
  const [openFilters, setOpenFilters] = useState<Set<number>>(new Set());
  const [selected, setSelected] = useState<Row | undefined>();
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  useTyping(prompt !== null);

  const loadSubs = useCallback(
    async (categoryId: number) => {
      const answer = await services.categories.listSubCategoriesOf(categoryId);
      if (!answer.ok) return tui.say(failureText(answer.error, services.urls), "error");
      setSubs((m) => new Map(m).set(categoryId, answer.value));
    },
    [services, tui.say],
  );
  const loadFilters = useCallback(
    async (subCategoryId: number) => {
      const answer = await services.categories.listFilters(subCategoryId);
      if (!answer.ok) return tui.say(failureText(answer.error, services.urls), "error");
      setFilters((m) => new Map(m).set(subCategoryId, answer.value));
    },
    [services, tui.say],
  );

  const toggle = (node: Node) => {
    if (node.level === "category") {
      if (subs.has(node.item.id))
        setSubs((m) => {
          const next = new Map(m);
          next.delete(node.item.id);
          return next;
        });
      else void loadSubs(node.item.id);
    } else if (node.level === "sub-category") {
      if (filters.has(node.item.id))
        setFilters((m) => {
          const next = new Map(m);
          next.delete(node.item.id);
          return next;
        });
      else void loadFilters(node.item.id);
    } else if (node.level === "filter") {
      setOpenFilters((s) => {
        const next = new Set(s);
        if (next.has(node.item.id)) next.delete(node.item.id);
        else next.add(node.item.id);
        return next;
      });
    }
  };

  const nodes = new Map<string, Node>();
  const rows: Row[] = [];
  const add = (key: string, depth: number, node: Node, open: boolean | null, name: string) => {
    nodes.set(key, node);
    const mark = open === null ? " " : open ? "▾" : "▸";
    const image =
      (node.level === "category" || node.level === "sub-category") && node.item.imageUrl
        ? ` · ${imageName(node.item.imageUrl)}`
        : "";
    rows.push({ key, text: `${"  ".repeat(depth)}${mark} ${name}${image}`, onOpen: () => toggle(node) });
  };
  if (categories.loaded.state === "ok")
    for (const category of categories.loaded.value) {
      const categorySubs = subs.get(category.id);
      add(
        `c${category.id}`,
        0,
        { level: "category", item: category },
        categorySubs !== undefined,
        category.name,
      );
      for (const sub of categorySubs ?? []) {
        const subFilters = filters.get(sub.id);
        add(`s${sub.id}`, 1, { level: "sub-category", item: sub }, subFilters !== undefined, sub.name);
        for (const filter of subFilters ?? []) {
          const open = openFilters.has(filter.id);
          add(`f${filter.id}`, 2, { level: "filter", item: filter }, open, `${filter.name} (filter)`);
          if (open)
            for (const value of filter.values)
              add(`v${value.id}`, 3, { level: "value", item: value, filter }, null, value.name);
        }
      }
    }
  const current = selected === undefined ? null : (nodes.get(selected.key) ?? null);

  useScreenKeys(
    prompt
      ? [{ keys: "Enter", does: prompt.kind === "delete" ? "y deletes" : "save" }]
      : [
          { keys: "n", does: "new category" },
          { keys: "a", does: "add under" },
          { keys: "r", does: "rename" },
          { keys: "i", does: "image" },
          { keys: "d", does: "delete" },
        ],
  );
  useInput(
    (input, key) => {
      if (prompt !== null) {
        if (key.escape) setPrompt(null);
        if (prompt.kind === "delete" && (input === "y" || input === "n")) {
          setPrompt(null);
          if (input === "y") void remove(prompt.node);
        }
        return;
      }
      if (input === "n") setPrompt({ kind: "add", under: null, label: "New category" });
      if (input === "a" && current && CHILD[current.level])
        setPrompt({
          kind: "add",
          under: current,
          label: `New ${CHILD[current.level]} in ${current.item.name}`,
        });
      if (input === "r" && current) setPrompt({ kind: "rename", node: current });
      if (input === "i" && current) {
        if (current.level === "category" || current.level === "sub-category")
          setPrompt({ kind: "image", node: current });
        else tui.say(adminCliMessages.imageOnLeaf, "error");
      }
      if (input === "d" && current) setPrompt({ kind: "delete", node: current });
    },
    { isActive: tui.active },
  );

  /** After a change: what the node's parent lists, again. */
  const refresh = async (node: Node | null) => {
    if (node === null || node.level === "category") return categories.reload();
    if (node.level === "sub-category") return loadSubs(node.item.categoryId);
    const subId = node.level === "filter" ? node.item.subCategoryId : node.filter.subCategoryId;
    return loadFilters(subId);
  };
  const finish = async (
    result: Result<unknown, import("@katale/domain").AuthFailure>,
    said: string,
    node: Node | null,
  ) => {
    if (!result.ok) return tui.say(adminFailureOf(result.error, services.urls.shopUrl).message, "error");
    tui.say(said);
    await refresh(node);
  };

  const remove = async (node: Node) => {
    const name = node.item.name;
    const result =
      node.level === "category"
        ? await deleteCategory(admin, node.item.id)
        : node.level === "sub-category"
          ? await deleteSubCategory(admin, node.item.id)
          : node.level === "filter"
            ? await deleteFilter(admin, node.item.id)
            : await deleteFilterValue(admin, node.item.id);
    await finish(result, messages.webAdmin.deleted(name), node);
  };

  const submit = async (text: string) => {
    const active = prompt;
    if (active === null) return;
    setPrompt(null);
    const name = text.trim();
    if (active.kind === "add") {
      const under = active.under;
      if (under === null) return finish(await addCategory(admin, { name }), tuiMessages.added(name), null);
      if (under.level === "category") {
        const result = await addSubCategory(admin, { categoryId: under.item.id, name });
        if (result.ok) await loadSubs(under.item.id);
        return finish(result, tuiMessages.added(name), null);
      }
      if (under.level === "sub-category") {
        const result = await addFilter(admin, { subCategoryId: under.item.id, name });
        if (result.ok) await loadFilters(under.item.id);
        return result.ok ? tui.say(tuiMessages.added(name)) : finish(result, "", null);
      }
      if (under.level === "filter") {
        const result = await addFilterValue(admin, { filterId: under.item.id, name });
        if (result.ok) setOpenFilters((s) => new Set(s).add(under.item.id));
        return finish(result, tuiMessages.added(name), {
          level: "value",
          item: { id: 0, filterId: under.item.id, name },
          filter: under.item,
        });
      }
      return;
    }
    if (active.kind === "image") {
      const file = text.trim();
      if (file === "") return;
      const loaded = await loadImageFile(resolve(file));
      if (typeof loaded === "string") return tui.say(imageProblem(file, loaded), "error");
      const node = active.node;
      const result =
        node.level === "category"
          ? await editCategory(admin, node.item.id, { image: loaded })
          : await editSubCategory(admin, node.item.id, { image: loaded });
      return finish(
        result,
        node.level === "category" ? messages.webAdmin.categoryEdited : messages.catalogue.subCategoryEdited,
        node,
      );
    }
    const node = active.node;
    if (active.kind !== "rename") return;
    const result =
      node.level === "category"
        ? await editCategory(admin, node.item.id, { name })
        : node.level === "sub-category"
          ? await editSubCategory(admin, node.item.id, { name })
          : node.level === "filter"
            ? await renameFilter(admin, node.item.id, name)
            : await renameFilterValue(admin, node.item.id, name);
    await finish(result, tuiMessages.renamed(node.item.name, name), node);
  };

  return (
    <Box flexDirection="column">
      {prompt === null ? (
        <Text dimColor wrap="truncate">
          {truncate(tuiMessages.catalogueHint, width)}
        </Text>
      ) : prompt.kind === "delete" ? (
        <Text color="yellow">{`${messages.webAdmin.deleteTitle(prompt.node.item.name)} ${messages.webAdmin.deleteLead} (y/n)`}</Text>
      ) : (
        <Box>
          <Text>
            {prompt.kind === "add"
              ? `${prompt.label}: `
              : prompt.kind === "image"
                ? `${messages.webAdmin.image} (${prompt.node.item.name}), a file: `
                : `Rename ${prompt.node.item.name}: `}
          </Text>
          <Field
            {...(prompt.kind === "rename" ? { defaultValue: prompt.node.item.name } : {})}
            {...(prompt.kind === "image" ? { placeholder: "picture.jpg" } : {})}
            onSubmit={(value) => void submit(value)}
          />
        </Box>
      )}
      <LoadedView loaded={categories.loaded}>
        {() => (
          <ItemList
            rows={rows}
            width={width}
            height={height - 1}
            active={prompt === null}
            onSelect={setSelected}
          />
        )}
      </LoadedView>
    </Box>
  );
}

type Status = NonNullable<VerificationReviewQuery["status"]>;
/** The web's chips, pending first (the queue to work through); s shows the next. */
const STATUSES: readonly { readonly status: Status; readonly label: string }[] = [
  { status: "pending", label: messages.webAdmin.chipPending },
  { status: "verified", label: messages.webAdmin.chipApproved },
  { status: "rejected", label: messages.webAdmin.chipRejected },
  { status: "all", label: messages.webAdmin.chipAll },
];
const STATUS_WORD: Record<VerificationReview["status"], string> = {
  PENDING: messages.webAdmin.statusPending,
  VERIFIED: messages.webAdmin.statusVerified,
  REJECTED: messages.webAdmin.statusRejected,
};

type Asking = { readonly decision: "reject" | "revoke"; readonly request: VerificationReview };

/**
 * The verification requests, a page at a time as the selection nears the end: s shows the next
 * status (pending first), a approves, x rejects with a reason, v removes a verification with a reason.
 */
export function VerificationsScreen() {
  const tui = useTui();
  const { services, width, height } = tui;
  const admin = services.admin!;
  const describe = useCallback(
    (failure: import("@katale/domain").AuthFailure) => adminFailureOf(failure, services.urls.shopUrl).message,
    [services],
  );
  const [shown, setShown] = useState(0);
  const [round, setRound] = useState(0);
  const status = STATUSES[shown] ?? STATUSES[0]!;
  const { state, loadMore } = useInfinite<VerificationReview>(
    async (page) => {
      const answer = await listVerificationRequests(admin, { status: status.status, kind: "all", page });
      if (answer.ok) return answer;
      // Past the last page ends the list; any other failure is shown in the admin commands' words.
      return err(
        answer.error.reason === "invalid-page"
          ? { kind: "invalid-page" as const }
          : { kind: "invalid" as const, message: describe(answer.error) },
      );
    },
    [admin, describe, status.status, round],
  );
  const [selected, setSelected] = useState<Row | undefined>();
  const [asking, setAsking] = useState<Asking | null>(null);
  useTyping(asking !== null);
  const current = state.items.find((r) => String(r.id) === selected?.key);

  useScreenKeys(
    asking
      ? [{ keys: "Enter", does: asking.decision === "reject" ? "reject" : "remove the verification" }]
      : [
          { keys: "s", does: `show ${(STATUSES[(shown + 1) % STATUSES.length] ?? status).label}` },
          { keys: "a", does: "approve" },
          { keys: "x", does: "reject" },
          { keys: "v", does: "remove verification" },
        ],
  );
  const decided = (
    outcome: Result<VerificationReview, import("@katale/domain").AuthFailure>,
    said: string,
  ) => {
    if (!outcome.ok) return tui.say(describe(outcome.error), "error");
    tui.say(`${said}: request ${outcome.value.id} is ${outcome.value.status}.`);
    setRound((r) => r + 1);
  };
  useInput(
    (input, key) => {
      if (asking) {
        if (key.escape) setAsking(null);
        return;
      }
      if (input === "s") return setShown((i) => (i + 1) % STATUSES.length);
      if (current === undefined) return;
      if ((input === "a" || input === "x") && current.status !== "PENDING")
        return tui.say(messages.adminServer.notPending, "error");
      if (input === "v" && current.status !== "VERIFIED")
        return tui.say(messages.adminServer.notVerified, "error");
      if (input === "a")
        void approveVerification(admin, current.id).then((o) => decided(o, messages.adminServer.approved));
      if (input === "x") setAsking({ decision: "reject", request: current });
      if (input === "v") setAsking({ decision: "revoke", request: current });
    },
    { isActive: tui.active },
  );

  const send = (reason: string) => {
    if (asking === null) return;
    const { decision, request } = asking;
    setAsking(null);
    void decideWithReason(admin, request.id, decision, reason).then((o) =>
      decided(o, decision === "reject" ? messages.adminServer.rejected : messages.adminServer.revoked),
    );
  };

  let list: ReactNode;
  if (state.items.length === 0) {
    if (state.error) list = <ErrorLine text={failureText(state.error, services.urls)} />;
    else if (!state.done) list = <LoadedView loaded={{ state: "loading" }}>{() => null}</LoadedView>;
    else list = <Text>{adminCliMessages.noRequests}</Text>;
  } else {
    const footer = infiniteFooter(state, services.urls, tuiMessages.requestsCount);
    list = (
      <ItemList
        width={width}
        height={height - 1}
        active={asking === null}
        onSelect={setSelected}
        onNearEnd={loadMore}
        {...(footer ? { footer } : {})}
        rows={state.items.map((r) => ({
          key: String(r.id),
          text: `#${r.id} ${r.kind.padEnd(4)} ${status.status === "pending" ? "" : `${STATUS_WORD[r.status]} · `}${r.shop ? `${r.shop.name} (${r.user.name})` : `${r.user.name} <${r.user.email}>`} · ${r.submittedAt.slice(0, 10)}`,
        }))}
      />
    );
  }

  return (
    <Box flexDirection="column">
      {asking ? (
        <Box>
          <Text>
            {asking.decision === "reject"
              ? `Reason for rejecting request ${asking.request.id}: `
              : `${messages.webAdmin.removeVerification} #${asking.request.id} · ${messages.webAdmin.reasonForRemoval}: `}
          </Text>
          <Field onSubmit={send} />
        </Box>
      ) : (
        <Text dimColor wrap="truncate">
          {truncate(tuiMessages.verificationsHint(status.label), width)}
        </Text>
      )}
      {list}
    </Box>
  );
}
