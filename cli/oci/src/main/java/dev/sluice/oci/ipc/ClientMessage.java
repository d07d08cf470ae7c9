package dev.sluice.oci.ipc;

import dev.sluice.sentry.ipc.Frame;
import dev.sluice.sentry.ipc.Message;
import dev.sluice.sentry.ipc.Protocol;
import dev.sluice.sentry.nativeio.HostFd;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code sluice-client} (native-shims/src/main/c/client) sends the runtime service
 * (dev.sluice.oci.service.RuntimeService), in this order: {@link Stdio}, answered {@link
 * ServiceMessage.StdioTaken}; {@link Run}; then one {@link Spawned} or {@link Failed} per {@link
 * ServiceMessage.Spawn}, one {@link Waited} or {@link Failed} per {@link ServiceMessage.Wait} or
 * {@link ServiceMessage.WaitForeground} ({@link ServiceMessage.Subreaper} and {@link
 * ServiceMessage.HoldSignals} are not answered), until {@link ServiceMessage.Exit}, or {@link
 * ServiceMessage.RunItYourself} for a command the service does not run. docs/oci.md, "The runtime
 * service".
 */
public sealed interface ClientMessage extends Message {
    /** The caller's command line and environment; the client reads as much. */
    int MAX_FRAME = 1024 * 1024;

    /** {@code STDIO @ @ @}: the caller's stdin, stdout and stderr. */
    record Stdio(HostFd in, HostFd out, HostFd err) implements ClientMessage {
        static final String VERB = "STDIO";

        @Override
        public Frame frame() {
            return new Frame(VERB, List.of(), 3);
        }

        @Override
        public List<HostFd> fds() {
            return List.of(in, out, err);
        }
    }

    /** {@code RUN CWD ARGC ARG... ENVC ENV...}: the command line, as bin/sluice got it. */
    record Run(String cwd, List<String> args, List<String> env) implements ClientMessage {
        static final String VERB = "RUN";

        public Run {
            args = List.copyOf(args);
            env = List.copyOf(env);
        }

        @Override
        public Frame frame() {
            return new Frame(VERB, fields(cwd, args, env), 0);
        }

        /**
         * The environment as a map (a {@code NAME=VALUE} without a name is dropped; a later value
         * wins), in the caller's order.
         */
        public java.util.Map<String, String> environment() {
            java.util.Map<String, String> map = new java.util.LinkedHashMap<>();
            for (String e : env) {
                int eq = e.indexOf('=');
                if (eq > 0) {
                    map.put(e.substring(0, eq), e.substring(eq + 1));
                }
            }
            return map;
        }

        /** {@code CWD ARGC ARG... ENVC ENV...}: a command line where it runs, as frame fields. */
        static List<String> fields(String cwd, List<String> args, List<String> env) {
            List<String> f = new ArrayList<>();
            f.add(cwd);
            f.add(Integer.toString(args.size()));
            f.addAll(args);
            f.add(Integer.toString(env.size()));
            f.addAll(env);
            return f;
        }
    }

    /** {@code PID P}: the process a SPAWN asked for is the caller's child {@code pid}. */
    record Spawned(int pid) implements ClientMessage {
        static final String VERB = "PID";

        @Override
        public Frame frame() {
            return Frame.of(VERB, Integer.toString(pid));
        }
    }

    /** {@code STATUS S}: the raw wait status of the child a WAIT named. */
    record Waited(int status) implements ClientMessage {
        static final String VERB = "STATUS";

        @Override
        public Frame frame() {
            return Frame.of(VERB, Integer.toString(status));
        }
    }

    /** {@code ERRNO E}: the SPAWN or WAIT failed with {@code errno}. */
    record Failed(int errno) implements ClientMessage {
        static final String VERB = "ERRNO";

        @Override
        public Frame frame() {
            return Frame.of(VERB, Integer.toString(errno));
        }
    }

    Protocol<ClientMessage> PROTOCOL =
            Protocol.<ClientMessage>builder("sluice-client")
                    .on(Stdio.VERB, f -> new Stdio(f.fd("stdin"), f.fd("stdout"), f.fd("stderr")))
                    .on(
                            Run.VERB,
                            f ->
                                    new Run(
                                            f.text("working directory"),
                                            f.list("arguments"),
                                            f.list("environment")))
                    .on(Spawned.VERB, f -> new Spawned(f.natural("pid")))
                    .on(Waited.VERB, f -> new Waited(f.natural("status")))
                    .on(Failed.VERB, f -> new Failed(f.natural("errno")))
                    .build();
}
