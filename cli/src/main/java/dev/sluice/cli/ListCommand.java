package dev.sluice.cli;

import dev.sluice.oci.runtime.ContainerRuntime;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.Map;

/** {@code sluice list [--format table|json] [-q]}: the containers under --root. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "List the containers under --root (runc-compatible).")
final class ListCommand extends OciCommand {
    @Spec CommandSpec spec;

    @Option(
            names = {"-f", "--format"},
            defaultValue = "table",
            paramLabel = "FORMAT",
            description = "table or json.")
    String format;

    @Option(
            names = {"-q", "--quiet"},
            description = "Print the ids only.")
    boolean quiet;

    @Override
    int run() {
        List<Map<String, Object>> all = runtime().list();
        var out = spec.commandLine().getOut();
        if (quiet) {
            all.forEach(s -> out.println(s.get("id")));
        } else if (format.equals("json")) {
            out.println(ContainerRuntime.json(all));
        } else if (format.equals("table")) {
            out.printf(
                    "%-12s %-8s %-10s %-40s %-30s %s%n",
                    "ID", "PID", "STATUS", "BUNDLE", "CREATED", "OWNER");
            for (Map<String, Object> s : all) {
                out.printf(
                        "%-12s %-8s %-10s %-40s %-30s %s%n",
                        s.get("id"),
                        s.get("pid"),
                        s.get("status"),
                        s.get("bundle"),
                        s.get("created"),
                        "root");
            }
        } else {
            throw new dev.sluice.oci.OciException("invalid --format " + format + ": table or json");
        }
        out.flush();
        return 0;
    }
}
