package dev.sluice.cli;

import ch.qos.logback.classic.Level;

import dev.sluice.oci.daemon.SpareSentry;
import dev.sluice.sentry.nativeio.HostFd;

import java.io.IOException;
import java.nio.file.Path;

/**
 * {@code sluice sentry-spare ROOT}: a spare sentry, started by the runtime service of {@code ROOT}
 * with its end of a socket pair as fd 3 ({@link SpareSentry}). Not a picocli command: {@link
 * Main#main} runs it before building any command line, since a spare is started once per container
 * with proxies and picocli's model costs a JVM start a tenth of a second.
 */
final class SpareSentryMain {
    /** The spare's whole environment besides the java to run (sluice-init's PATH, too). */
    static final String PATH = "/usr/sbin:/usr/bin:/sbin:/bin";

    private SpareSentryMain() {}

    /** Whether {@code args} name this command, as the runtime service starts it. */
    static boolean named(String[] args) {
        return args.length > 0 && args[0].equals(SpareSentry.COMMAND);
    }

    static int run(String[] args) {
        if (args.length != 2 || !Path.of(args[1]).isAbsolute()) {
            System.err.println(
                    "usage: sluice "
                            + SpareSentry.COMMAND
                            + " ROOT (started by the runtime service of ROOT, with fd 3 its socket)");
            return 2;
        }
        try {
            return SpareSentry.run(
                    HostFd.adopt(SpareSentry.CHANNEL_FD),
                    Path.of(args[1]),
                    Installation.build(),
                    Installation.helper("sluice-init"),
                    Installation::proxies,
                    debug -> LogSetup.setLevel(Level.DEBUG));
        } catch (IOException | RuntimeException e) {
            System.err.println("sluice " + SpareSentry.COMMAND + ": " + e);
            return 1;
        }
    }
}
