// @vitest-environment happy-dom
import { type AuthOutcome, err, messages, ok, type Result } from "@katale/domain";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { Banners } from "./banner.js";
import { EmailField } from "./email-field.js";
import { TextField } from "./field.js";
import type { FormFailure } from "./form-failure.js";
import { SubmitButton } from "./submit-button.js";
import { type OutcomeFormOptions, useOutcomeForm } from "./use-outcome-form.js";

const schema = z.object({
  name: z.string().trim().min(1, "Enter your name"),
  email: z.email("Please enter a valid email address"),
});
type Values = z.output<typeof schema>;
type Run = (values: Values) => Promise<Result<object, FormFailure>>;

function Form({
  run,
  options = {},
}: {
  run: Run;
  options?: Partial<OutcomeFormOptions<Values, Values, object>>;
}) {
  const { form, onSubmit, busy, banner } = useOutcomeForm(schema, run, {
    defaultValues: { name: "", email: "" },
    ...options,
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField label="Name" error={errors.name?.message} {...form.register("name")} />
      <EmailField label="Email" error={errors.email?.message} {...form.register("email")} />
      <Banners state={banner} />
      <SubmitButton busy={busy} busyLabel="Saving">
        Save
      </SubmitButton>
    </form>
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const input = (label: string) => screen.getByLabelText(label, { selector: "input" }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const button = () => screen.getByRole("button") as HTMLButtonElement;
const describedBy = (label: string) =>
  document.getElementById(input(label).getAttribute("aria-describedby") ?? "")?.textContent;

function fillAndSave() {
  type("Name", "Nakato");
  type("Email", "nakato@example.ug");
  fireEvent.click(button());
}

describe("a form over a use case", () => {
  it("checks the schema first and runs nothing while a field is wrong", async () => {
    const run = vi.fn<Run>(async () => ok({}));
    render(<Form run={run} />);
    type("Email", "nakato@");
    fireEvent.click(button());
    expect(await screen.findByText("Enter your name")).toBeTruthy();
    expect(describedBy("Email")).toBe("Please enter a valid email address");
    expect(input("Email").getAttribute("aria-invalid")).toBe("true");
    expect(run).not.toHaveBeenCalled();
  });

  it("is busy while the use case runs, then shows its success line and goes on with the values", async () => {
    let answer: (outcome: Awaited<AuthOutcome>) => void = () => {};
    const run = vi.fn<Run>(() => new Promise((resolve) => (answer = resolve)));
    const onSuccess = vi.fn();
    render(<Form run={run} options={{ onSuccess }} />);
    type("Name", "  Nakato ");
    type("Email", "nakato@example.ug");
    fireEvent.click(button());
    await waitFor(() => expect(button().disabled).toBe(true));
    expect(button().textContent).toBe("Saving");
    expect(button().getAttribute("aria-busy")).toBe("true");

    await act(async () => answer(ok({ message: "Update successful" })));
    expect(screen.getByRole("status").textContent).toBe("Update successful");
    expect(button().disabled).toBe(false);
    expect(run).toHaveBeenCalledWith({ name: "Nakato", email: "nakato@example.ug" });
    expect(onSuccess).toHaveBeenCalledWith(
      { message: "Update successful" },
      { name: "Nakato", email: "nakato@example.ug" },
      expect.anything(),
    );
  });

  it("words a port's failure once, with the domain's line, in the error banner", async () => {
    render(<Form run={async () => err({ kind: "network" })} />);
    fillAndSave();
    expect(await screen.findByRole("alert")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(messages.common.checkConnection));
    expect(screen.getAllByText(messages.common.checkConnection)).toHaveLength(1);
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("shows an account step's own words for its failure", async () => {
    render(<Form run={async () => err({ kind: "wrong-password", message: "Invalid old password" })} />);
    fillAndSave();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Invalid old password"));
  });

  it("puts the service's field messages under their fields and its line in the banner", async () => {
    const refused: FormFailure = {
      kind: "invalid",
      message: "Check the form",
      // A field the form does not have: its message is not lost, the banner says it.
      fields: { email: ["Email already exists", "second"], unknown: ["Check the form"] },
    };
    render(<Form run={async () => err(refused)} />);
    fillAndSave();
    await waitFor(() => expect(describedBy("Email")).toBe("Email already exists"));
    expect(input("Email").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe("Check the form");
  });

  it("says a field's message once: under the field, not again in the banner", async () => {
    const failure: FormFailure = {
      kind: "invalid-form",
      message: "Enter a shorter name",
      fields: { name: "Enter a shorter name" },
    };
    render(<Form run={async () => err(failure)} />);
    fillAndSave();
    await waitFor(() => expect(describedBy("Name")).toBe("Enter a shorter name"));
    expect(screen.getAllByText("Enter a shorter name")).toHaveLength(1);
    expect(screen.getByRole("alert").textContent).toBe("");
  });

  it("hands the words to onFailure instead of the banner, or uses the screen's own line", async () => {
    const onFailure = vi.fn();
    const { unmount } = render(<Form run={async () => err({ kind: "server" })} options={{ onFailure }} />);
    fillAndSave();
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith(messages.otp.serverDown));
    expect(screen.getByRole("alert").textContent).toBe("");
    unmount();

    render(
      <Form run={async () => err({ kind: "server" })} options={{ failureMessage: "Failed, try again" }} />,
    );
    fillAndSave();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed, try again"));
  });

  it("clears the error banner after the time given; the next try can succeed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const run = vi.fn<Run>(async () => err({ kind: "network" }));
    render(
      <Form run={run} options={{ bannerLastsMs: (failure) => (failure === null ? undefined : 3000) }} />,
    );
    fillAndSave();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(messages.common.checkConnection));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole("alert").textContent).toBe("");

    run.mockResolvedValueOnce(ok({ message: "Saved" }));
    fireEvent.click(button());
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Saved"));
    expect(screen.getByRole("alert").textContent).toBe("");
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole("status").textContent).toBe("Saved");
  });

  it("starts with the line carried over from the step before", () => {
    render(
      <Form
        run={async () => ok({})}
        options={{ initialBanner: { tone: "success", text: "Password reset" } }}
      />,
    );
    expect(screen.getByRole("status").textContent).toBe("Password reset");
  });
});
