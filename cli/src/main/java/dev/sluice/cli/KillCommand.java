package dev.sluice.cli;

import dev.sluice.oci.OciException;
import dev.sluice.sentry.nativeio.Signals;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.Locale;

/** {@code sluice kill [--all] ID [SIGNAL]}: signals a container (default SIGTERM). */
@Command(
        name = "kill",
        mixinStandardHelpOptions = true,
        description = {
            "Send a signal to a container (runc-compatible). SIGNAL is a number or a name, with or without SIG;",
            "default TERM."
        })
final class KillCommand extends OciCommand {
    @Option(
            names = {"-a", "--all"},
            description = "Send it to every process of the container.")
    boolean all;

    @Parameters(index = "0", paramLabel = "ID", description = "The container id.")
    String id;

    @Parameters(
            index = "1",
            paramLabel = "SIGNAL",
            defaultValue = "TERM",
            description = "Default: ${DEFAULT-VALUE}.")
    String signal;

    @Override
    String describe() {
        return "id=" + id + " signal=" + signal + (all ? " all" : "");
    }

    @Override
    int run() {
        runtime().kill(id, parse(signal), all);
        return 0;
    }

    /**
     * {@code 9}, {@code KILL}, {@code SIGKILL}, {@code kill}; real-time signals as numbers or
     * RTMIN+N.
     */
    static int parse(String s) {
        if (s.matches("\\d+")) {
            int n = Integer.parseInt(s);
            if (n < 1 || n > Signals.SIGRTMAX) {
                throw new OciException("invalid signal " + s + " (1 to 64)");
            }
            return n;
        }
        String name = s.toUpperCase(Locale.ROOT);
        if (name.startsWith("SIG")) {
            name = name.substring(3);
        }
        int i = Signals.NAMES.indexOf(name);
        if (i > 0) {
            return i;
        }
        if (name.equals("IOT")) {
            return Signals.SIGABRT;
        }
        if (name.equals("POLL")) {
            return Signals.SIGIO;
        }
        if (name.startsWith("RTMIN")) {
            int off =
                    name.equals("RTMIN")
                            ? 0
                            : name.matches("RTMIN\\+\\d+")
                                    ? Integer.parseInt(name.substring(6))
                                    : -1;
            if (off >= 0 && Signals.SIGRTMIN + off <= Signals.SIGRTMAX) {
                return Signals.SIGRTMIN + off;
            }
        }
        throw new OciException("unknown signal \"" + s + "\"");
    }
}
