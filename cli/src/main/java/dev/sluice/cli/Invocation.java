package dev.sluice.cli;

import dev.sluice.oci.service.RuntimeService;
import dev.sluice.sentry.launch.Spawner;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Whose command a {@link Main} runs: the working directory relative paths resolve against, the
 * environment, where output goes and who starts processes. A plain {@code bin/sluice} runs with
 * this JVM's own ({@link #own()}); the resident runtime service runs each caller's command with the
 * caller's (dev.sluice.oci.service.RuntimeService), and may hand a container with proxies to its
 * spare sentry ({@code spares}, null elsewhere).
 */
record Invocation(
        Path cwd,
        Map<String, String> env,
        PrintWriter out,
        PrintWriter err,
        Spawner spawner,
        RuntimeService.Spares spares) {

    /** Without a spare sentry: create starts a sentry daemon for a container with proxies. */
    Invocation(
            Path cwd, Map<String, String> env, PrintWriter out, PrintWriter err, Spawner spawner) {
        this(cwd, env, out, err, spawner, null);
    }

    /** This JVM's directory, environment, stdout and stderr; processes started here. */
    static Invocation own() {
        return new Invocation(
                Path.of("").toAbsolutePath(),
                System.getenv(),
                new PrintWriter(System.out, true),
                new PrintWriter(System.err, true),
                Spawner.LOCAL);
    }

    /**
     * Whether this command runs in the runtime service for a caller, another process: its signals,
     * children and waiting are then the caller's, never the service's.
     */
    boolean forCaller() {
        return spares != null;
    }

    /**
     * The environment as {@code NAME=VALUE} strings, for a process started on the caller's behalf.
     */
    List<String> envList() {
        return env.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
    }
}
