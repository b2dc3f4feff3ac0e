import { Select } from "@inkjs/ui";
import { Box, Text, useInput } from "ink";
import { useState } from "react";
import { truncate } from "../../output/text.js";
import { formatBytes } from "../../selling/import/progress-bar.js";
import type { ImportReport } from "../../selling/import/run-import.js";
import { Field } from "../components/field.js";
import { ProgressLine } from "../components/progress-line.js";
import { ErrorLine } from "../components/status.js";
import { useTui, useTyping } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useCsvImport } from "./use-csv-import.js";

/** `products import` in the TUI: the CSV's path, then a progress bar of rows and bytes, then the report. */
export function CsvImportScreen({ shopId }: { shopId: number }) {
  const tui = useTui();
  const { width, height } = tui;
  const { run, start } = useCsvImport(shopId);
  // As the command asks: the file, the images folder (the CSV's own by default), a dry run or not.
  const [file, setFile] = useState<string | null>(null);
  const [imagesDir, setImagesDir] = useState<string | null>(null);
  // While the answers are typed, Esc is this screen's; after that the shell's (back).
  useTyping(run.state === "asking");
  useInput((_input, key) => key.escape && tui.back(), { isActive: tui.active && run.state === "asking" });

  return (
    <Box flexDirection="column">
      <Text dimColor>{tuiMessages.importHint}</Text>
      {file !== null ? <Text>{`${tuiMessages.csvFile} ${file}`}</Text> : null}
      {imagesDir !== null ? (
        <Text>{`${tuiMessages.imagesFolder} ${imagesDir === "" ? tuiMessages.csvFolder : imagesDir}`}</Text>
      ) : null}
      {run.state === "asking" && file === null ? (
        <Box>
          <Text>{tuiMessages.csvFile} </Text>
          <Field
            key="file"
            placeholder="products.csv"
            onSubmit={(f) => f.trim() !== "" && setFile(f.trim())}
          />
        </Box>
      ) : null}
      {run.state === "asking" && file !== null && imagesDir === null ? (
        <Box>
          <Text>{tuiMessages.imagesFolder} </Text>
          <Field key="images" placeholder={tuiMessages.csvFolder} onSubmit={(d) => setImagesDir(d.trim())} />
        </Box>
      ) : null}
      {run.state === "asking" && file !== null && imagesDir !== null ? (
        <Select
          options={[
            { label: tuiMessages.dryRunOption, value: "dry" },
            { label: tuiMessages.importOption, value: "import" },
          ]}
          onChange={(mode) => void start(file, imagesDir, mode === "dry")}
        />
      ) : null}
      {run.state === "planning" ? <Text>{tuiMessages.checkingRows}</Text> : null}
      {run.state === "running" || run.state === "done" ? (
        <ProgressLine
          width={Math.min(width - 5, 60)}
          value={run.state === "done" ? 100 : percent(run.doneRows, run.rows)}
        />
      ) : null}
      {run.state === "running" ? (
        <Text>{`${run.doneRows}/${run.rows} rows · ${formatBytes(run.doneBytes)} of ${formatBytes(run.bytes)}`}</Text>
      ) : null}
      {run.state === "failed" ? <ErrorLine text={run.message} /> : null}
      {run.state === "done" ? <ImportSummary report={run.report} width={width} height={height - 4} /> : null}
      {run.state === "done" && run.dryRun ? <Text>{tuiMessages.dryRunDone}</Text> : null}
    </Box>
  );
}

function percent(done: number, all: number): number {
  return all === 0 ? 100 : Math.round((done / all) * 100);
}

function ImportSummary({ report, width, height }: { report: ImportReport; width: number; height: number }) {
  const failed = report.rows.filter((r) => r.status === "failed");
  return (
    <Box flexDirection="column">
      <Text bold>
        {`${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ${report.failed} failed`}
      </Text>
      {failed.slice(0, Math.max(1, height - 3)).map((r) => (
        <Text key={r.row} color="red" wrap="truncate">
          {truncate(`row ${r.row}${r.sku ? ` (${r.sku})` : ""}: ${r.error ?? ""}`, width)}
        </Text>
      ))}
    </Box>
  );
}
