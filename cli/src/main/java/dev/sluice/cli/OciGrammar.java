package dev.sluice.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.List;
import java.util.Set;

/**
 * Which {@code run} a command line means. {@code sluice run} is two commands:
 *
 * <ul>
 *   <li>Sluice's own, {@code sluice run [options] CMD [ARGS...]}: run CMD in a sandbox;
 *   <li>runc's, {@code sluice [global options] run [--bundle B] ID}: create and start a container
 *       from an OCI bundle.
 * </ul>
 *
 * The runc form is chosen when a runc global option ({@code --root}, {@code --log}, {@code
 * --log-format}, {@code --debug}, {@code --systemd-cgroup}) appears anywhere before the first
 * positional argument after {@code run}, or when one of runc run's own options does ({@code
 * -b/--bundle}, {@code -d/--detach}, {@code --pid-file}, {@code --console-socket}, {@code
 * --preserve-fds}, {@code --keep}, {@code --no-pivot}, {@code --no-new-keyring}). Anything else is
 * Sluice's sandbox run, as before. docs/oci.md.
 */
final class OciGrammar {
    static final Set<String> GLOBAL =
            Set.of("--root", "--log", "--log-format", "--debug", "--systemd-cgroup");
    static final Set<String> RUN =
            Set.of(
                    "-b",
                    "--bundle",
                    "-d",
                    "--detach",
                    "--pid-file",
                    "--console-socket",
                    "--preserve-fds",
                    "--keep",
                    "--no-pivot",
                    "--no-new-keyring");

    private OciGrammar() {}

    /** The subcommand a command line names (the first word after the global options), or null. */
    static String command(List<String> args, CommandSpec main) {
        int i = commandIndex(args, main);
        return i < args.size() ? args.get(i) : null;
    }

    /** Where the subcommand's name is: past the global options and their values. */
    private static int commandIndex(List<String> args, CommandSpec main) {
        int i = 0;
        for (; i < args.size(); i++) {
            String a = args.get(i);
            if (!a.startsWith("-")) {
                break;
            }
            if (takesValue(main.findOption(name(a)), a)) {
                i++;
            }
        }
        return i;
    }

    /** Whether {@code args} is runc's {@code run}; {@code main} is sluice's command model. */
    static boolean isOciRun(List<String> args, CommandSpec main) {
        int i = commandIndex(args, main);
        boolean oci = false;
        for (int j = 0; j < i && j < args.size(); j++) {
            oci |= GLOBAL.contains(name(args.get(j)));
        }
        if (i >= args.size() || !args.get(i).equals("run")) {
            return false;
        }
        CommandSpec run = main.subcommands().get("run").getCommandSpec();
        for (i++; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--") || !a.startsWith("-") || a.equals("-")) {
                break;
            }
            String name = name(a);
            if (GLOBAL.contains(name) || RUN.contains(name)) {
                return true;
            }
            if (takesValue(run.findOption(name), a)) {
                i++;
            }
        }
        return oci;
    }

    private static String name(String arg) {
        int eq = arg.indexOf('=');
        return eq > 0 ? arg.substring(0, eq) : arg;
    }

    private static boolean takesValue(OptionSpec o, String arg) {
        return o != null && !arg.contains("=") && o.arity().min() > 0;
    }
}
