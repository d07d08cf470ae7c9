package dev.sluice.cli;

import dev.sluice.sentry.launch.Spawner;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;

/** A command of {@code sluice} run in this JVM, its output captured: the commands' tests. */
record CliRun(int status, String out, String err) {
    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Invocation inv =
                new Invocation(
                        Path.of("").toAbsolutePath(),
                        Map.of(),
                        new PrintWriter(out, true),
                        new PrintWriter(err, true),
                        Spawner.LOCAL);
        int status = Main.execute(inv, args);
        return new CliRun(status, out.toString(), err.toString());
    }
}
