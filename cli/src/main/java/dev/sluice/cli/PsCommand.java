package dev.sluice.cli;

import dev.sluice.oci.OciException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * {@code sluice ps [--format table|json] ID [PS-OPTIONS...]}: the container's processes, as runc
 * lists them: {@code json} is the array of host pids in the container's cgroup (what containerd
 * reads); {@code table} runs the host's {@code ps} with PS-OPTIONS (default {@code -ef}) and keeps
 * the header and the lines of those pids, or prints a PID/CMD table where there is no {@code ps}.
 * Everything after ID belongs to {@code ps} ({@link Main} stops option parsing there).
 */
@Command(
        name = "ps",
        mixinStandardHelpOptions = true,
        description = {
            "List a container's processes (runc-compatible): json, the pids in its cgroup;",
            "table, the host's `ps` (options after ID, default -ef) filtered to them."
        })
final class PsCommand extends OciCommand {
    @Spec CommandSpec spec;

    @Option(
            names = {"-f", "--format"},
            defaultValue = "table",
            paramLabel = "FORMAT",
            description = "table or json.")
    String format;

    @Parameters(index = "0", paramLabel = "ID", description = "The container id.")
    String id;

    @Parameters(
            index = "1..*",
            paramLabel = "PS-OPTIONS",
            description = "Options for ps (default: -ef).")
    List<String> psOptions = new ArrayList<>();

    @Override
    String describe() {
        return "id=" + id + " format=" + format + " " + psOptions;
    }

    @Override
    int run() throws IOException, InterruptedException {
        if (!format.equals("table") && !format.equals("json")) {
            throw new OciException("invalid --format " + format + ": table or json");
        }
        List<Integer> pids = runtime().pids(id);
        PrintWriter out = spec.commandLine().getOut();
        if (format.equals("json")) {
            out.println(
                    pids.stream().map(String::valueOf).collect(Collectors.joining(",", "[", "]")));
        } else {
            table(out, new TreeSet<>(pids));
        }
        out.flush();
        return 0;
    }

    private void table(PrintWriter out, Set<Integer> pids)
            throws IOException, InterruptedException {
        List<String> options = psOptions.isEmpty() ? List.of("-ef") : psOptions;
        Process ps;
        List<String> cmd = new ArrayList<>(List.of("ps"));
        cmd.addAll(options);
        try {
            ps = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            out.printf("%-8s %s%n", "PID", "CMD");
            for (int pid : pids) {
                out.printf("%-8d %s%n", pid, cmdline(pid));
            }
            return;
        }
        String text = new String(ps.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int code = ps.waitFor();
        if (code != 0) {
            throw new OciException(
                    "ps "
                            + String.join(" ", options)
                            + " failed (exit "
                            + code
                            + "): "
                            + text.trim());
        }
        String[] lines = text.split("\n");
        int column = Arrays.asList(lines[0].trim().split("\\s+")).indexOf("PID");
        if (column < 0) {
            throw new OciException(
                    "ps "
                            + String.join(" ", options)
                            + ": no PID column in its header: "
                            + lines[0]);
        }
        out.println(lines[0]);
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].trim().split("\\s+");
            if (f.length > column
                    && f[column].matches("\\d+")
                    && pids.contains(Integer.parseInt(f[column]))) {
                out.println(lines[i]);
            }
        }
    }

    private static String cmdline(int pid) {
        try {
            return new String(
                            Files.readAllBytes(Path.of("/proc", Integer.toString(pid), "cmdline")),
                            StandardCharsets.UTF_8)
                    .replace('\0', ' ')
                    .trim();
        } catch (IOException e) {
            return "?";
        }
    }
}
