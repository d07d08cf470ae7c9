package dev.sluice.oci.hooks;

import static dev.sluice.sentry.nativeio.Signals.SIGKILL;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.sluice.oci.OciNative;
import dev.sluice.oci.spec.Spec;

import jnr.posix.SpawnFileAction;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs the OCI lifecycle hooks of config.json ({@code hooks.*}) as the runtime spec says: each hook
 * is {@code path} executed with {@code args} as its argv (argv[0] included, so a multi-call binary
 * such as dockerd's {@code libnetwork-setkey} re-exec sees the name it dispatches on) and {@code
 * env} as its whole environment, the container's state JSON on stdin, killed after {@code timeout}
 * seconds if it has one. Hooks run one after another in config order; the first failure stops the
 * rest and is returned with the hook's own output.
 *
 * <p>Where each kind runs (docs/oci.md, hooks): {@code prestart}, {@code createRuntime}, {@code
 * poststart} and {@code poststop} in the runtime's namespaces; {@code createContainer} and {@code
 * startContainer} in the container's, entered with {@code nsenter} (util-linux) on the container's
 * init: createContainer while init waits before pivot_root, so its path still resolves in the
 * runtime's file system, startContainer after it, so its path resolves in the container.
 */
public final class HookRunner {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int WNOHANG = 1;
    private static final int O_RDONLY = 0;
    private static final int O_WRONLY_CREAT_TRUNC = 01 | 0100 | 01000;

    /**
     * The flag of {@code nsenter} for each namespace type of config.json. With {@code --user}
     * nsenter enters the user namespace first and the hook runs as its root (uid and gid 0 of the
     * namespace, nsenter(1)), as runc's container hooks run as the container's root.
     */
    static final Map<String, String> NSENTER_FLAGS =
            Map.of(
                    "pid",
                    "--pid",
                    "network",
                    "--net",
                    "mount",
                    "--mount",
                    "ipc",
                    "--ipc",
                    "uts",
                    "--uts",
                    "user",
                    "--user",
                    "cgroup",
                    "--cgroup");

    static final Path NSENTER = Path.of("/usr/bin/nsenter");

    private final Spec spec;
    private final String id;
    private final Path bundle;
    private final Path workDir;

    /**
     * @param workDir where the hooks' stdin and output files live (the container's state directory)
     */
    public HookRunner(Spec spec, String id, Path bundle, Path workDir) {
        this.spec = spec;
        this.id = id;
        this.bundle = bundle;
        this.workDir = workDir;
    }

    /**
     * The hooks of one kind ({@code prestart}, {@code createRuntime}, ...), empty when none; never
     * the NVIDIA toolkit's legacy hook ({@link NvidiaLegacyHook}).
     */
    public List<Spec.Hook> of(String kind) {
        return spec.hooks() == null
                ? List.of()
                : spec.hooks().byKind().getOrDefault(kind, List.of()).stream()
                        .filter(h -> !NvidiaLegacyHook.is(h))
                        .toList();
    }

    /** Whether config.json has hooks that must run while init waits before pivot_root. */
    public static boolean needsCreateStop(Spec spec) {
        if (spec.hooks() == null) {
            return false;
        }
        Map<String, List<Spec.Hook>> k = spec.hooks().byKind();
        return !k.getOrDefault("prestart", List.of()).isEmpty()
                || !k.getOrDefault("createRuntime", List.of()).isEmpty()
                || !k.getOrDefault("createContainer", List.of()).isEmpty();
    }

    /**
     * Runs the hooks of {@code kind} with the state {@code status} and {@code pid}; in the
     * container's namespaces (those config.json lists) when {@code inContainer}, entered through
     * {@code pid}. Returns null, or why the first failing hook failed.
     */
    public String run(String kind, String status, int pid, boolean inContainer) {
        List<Spec.Hook> hooks = of(kind);
        for (int i = 0; i < hooks.size(); i++) {
            String failure =
                    runOne(
                            hooks.get(i),
                            kind + "[" + i + "]",
                            state(status, pid),
                            inContainer ? pid : 0);
            if (failure != null) {
                return failure;
            }
        }
        return null;
    }

    /** The state a hook reads on stdin: runtime-spec's state JSON. */
    String state(String status, int pid) {
        try {
            return JSON.writeValueAsString(
                    ContainerProcessState.state(spec, id, bundle, status, pid));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private String runOne(Spec.Hook h, String name, String state, int nsPid) {
        Path in = workDir.resolve("hook.stdin");
        Path out = workDir.resolve("hook.out");
        List<String> argv = new ArrayList<>();
        String file = h.path();
        if (nsPid > 0) {
            file = NSENTER.toString();
            argv.addAll(List.of(file, "--target", Integer.toString(nsPid)));
            if (spec.linux() != null) {
                for (Spec.Namespace ns : spec.linux().namespaces()) {
                    String flag = NSENTER_FLAGS.get(ns.type());
                    if (flag != null) {
                        argv.add(flag);
                    }
                }
            }
            argv.add("--");
            argv.add(h.path());
            argv.addAll(h.args().isEmpty() ? List.of() : h.args().subList(1, h.args().size()));
        } else {
            argv.addAll(h.args().isEmpty() ? List.of(h.path()) : h.args());
        }
        try {
            Files.writeString(in, state, StandardCharsets.UTF_8);
            List<SpawnFileAction> io =
                    List.of(
                            SpawnFileAction.open(in.toString(), 0, O_RDONLY, 0),
                            SpawnFileAction.open(out.toString(), 1, O_WRONLY_CREAT_TRUNC, 0600),
                            SpawnFileAction.dup(1, 2));
            long pid = OciNative.posix().posix_spawnp(file, io, argv, h.env());
            if (pid <= 0) {
                return "hook "
                        + name
                        + " "
                        + h.path()
                        + ": cannot run it (errno "
                        + OciNative.posix().errno()
                        + ")";
            }
            int status = await((int) pid, h.timeout());
            if (status == Integer.MIN_VALUE) {
                return "hook "
                        + name
                        + " "
                        + h.path()
                        + ": timed out after "
                        + h.timeout()
                        + " s"
                        + output(out);
            }
            if (status != 0) {
                return "hook " + name + " " + h.path() + ": exited " + status + output(out);
            }
            return null;
        } catch (IOException e) {
            return "hook " + name + " " + h.path() + ": " + e.getMessage();
        } finally {
            try {
                Files.deleteIfExists(in);
                Files.deleteIfExists(out);
            } catch (IOException e) {
                // best effort
            }
        }
    }

    /** The exit code (128+N for signal N), or MIN_VALUE after killing it at the timeout. */
    private static int await(int pid, Long timeoutSec) {
        long deadline =
                timeoutSec == null || timeoutSec <= 0
                        ? Long.MAX_VALUE
                        : System.nanoTime() + timeoutSec * 1_000_000_000L;
        int[] st = new int[1];
        long sleep = 1;
        while (true) {
            int r = OciNative.posix().waitpid(pid, st, WNOHANG);
            if (r == pid) {
                int sig = st[0] & 0x7f;
                return sig == 0 ? (st[0] >> 8) & 0xff : 128 + sig;
            }
            if (r < 0) {
                return 255;
            }
            if (System.nanoTime() > deadline) {
                OciNative.posix().kill(pid, SIGKILL);
                OciNative.posix().waitpid(pid, st, 0);
                return Integer.MIN_VALUE;
            }
            try {
                Thread.sleep(sleep);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            sleep = Math.min(20, sleep * 2);
        }
    }

    private static String output(Path out) {
        try {
            String s = Files.readString(out, StandardCharsets.UTF_8).strip();
            if (s.isEmpty()) {
                return "";
            }
            return ": " + (s.length() > 500 ? s.substring(s.length() - 500) : s).replace('\n', ' ');
        } catch (IOException e) {
            return "";
        }
    }
}
