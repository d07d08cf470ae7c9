package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The sentry's privileges are the sandbox's (security issue 15, item 3): each listener of an OCI
 * container's sentry is served by workers that act with the uid, gid and effective capabilities of
 * the process that handed it over, nothing more, and a non-root process without a user namespace
 * has its ioctls mediated (before the fix every pidfd_getfd of its fds failed with EPERM, so every
 * trapped ioctl it made failed, and the workers of every container held `sluice run`'s default
 * capabilities and root's uid whatever the container's process had).
 *
 * <p>Mediation is shown with the diagnostic pty proxy (annotation {@code dev.sluice.proxies: pty}):
 * {@code TIOCGPTN} and {@code TIOCGPTPEER} are emulated by the sentry (a dup of the guest's fd,
 * guest memory written, an fd injected), and {@code TIOCGPTLCK}, which the kernel would answer, is
 * denied with ENOTTY. The workers' credentials are read from the sentry's {@code
 * /proc/PID/task/TID/status} ({@code sentry-worker-N} threads) while the processes run.
 */
@RequiresRoot
@Timeout(240)
class OciCredentialsE2ETest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);

    /** CAP_CHOWN (0) and CAP_KILL (5), include/uapi/linux/capability.h. */
    private static final String CHOWN_AND_KILL = "0000000000000021";

    private static final String NONE = "0000000000000000";
    @RegisterExtension final OciRoot oci = new OciRoot();

    /**
     * A started container of {@code bundle}, its init reparented to a reaper whose out file is
     * returned.
     */
    private Path running(Path bundle, String id) {
        return oci.start(bundle, id).reaper().out;
    }

    private static Path bundle(String name, String script, Consumer<ObjectNode> edit) {
        return OciBundle.create(
                name,
                List.of("sh", "-c", script),
                c -> {
                    c.putObject("annotations").put("dev.sluice.proxies", "pty");
                    edit.accept(c);
                });
    }

    private static void user(ObjectNode config, long uid, long gid) {
        ((ObjectNode) config.get("process")).putObject("user").put("uid", uid).put("gid", gid);
    }

    private static void capabilities(ObjectNode config, String... caps) {
        ObjectNode c = ((ObjectNode) config.get("process")).putObject("capabilities");
        for (String set : List.of("bounding", "effective", "permitted")) {
            ArrayNode a = c.putArray(set);
            for (String cap : caps) {
                a.add(cap);
            }
        }
    }

    /**
     * Waits until {@code file} holds a line starting with {@code prefix}; returns the whole text.
     */
    private static String await(Path file, String prefix) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            String text = OciBundle.Reaper.read(file);
            if (text.lines().anyMatch(l -> l.startsWith(prefix))) {
                return text;
            }
            Thread.sleep(100);
        }
        throw new AssertionError(
                "no line starting with "
                        + prefix
                        + " in "
                        + file
                        + ":\n"
                        + OciBundle.Reaper.read(file));
    }

    /** The container's sentry (its daemon's host pid, from state.json). */
    private long sentryPid(String id) throws IOException {
        return JSON.readTree(oci.root().resolve(id).resolve("state.json").toFile())
                .get("sentryPid")
                .asLong();
    }

    /** Each sentry worker thread's "Uid" and "CapEff" lines ("0 1000 0 0 / 0000000000000000"). */
    /**
     * {@link #workers}, read again for up to 5 s until it is {@code expected}: a worker thread that
     * is taking on a process's credentials shows its new uid before its capabilities are cut
     * (setresuid, then capset) for an instant, and a read may land in that instant.
     */
    private static Set<String> settledWorkers(long sentry, Set<String> expected)
            throws IOException, InterruptedException {
        long end = System.nanoTime() + 5_000_000_000L;
        Set<String> seen = workers(sentry);
        while (!seen.equals(expected) && System.nanoTime() < end) {
            Thread.sleep(50);
            seen = workers(sentry);
        }
        return seen;
    }

    private static Set<String> workers(long sentry) throws IOException {
        Set<String> seen = new TreeSet<>();
        try (DirectoryStream<Path> tasks =
                Files.newDirectoryStream(Path.of("/proc", Long.toString(sentry), "task"))) {
            for (Path t : tasks) {
                try {
                    if (!Files.readString(t.resolve("comm")).startsWith("sentry-worker")) {
                        continue;
                    }
                    Map<String, String> s = new LinkedHashMap<>();
                    for (String l : Files.readAllLines(t.resolve("status"))) {
                        int colon = l.indexOf(':');
                        if (colon > 0) {
                            s.put(
                                    l.substring(0, colon),
                                    l.substring(colon + 1).trim().replaceAll("\\s+", " "));
                        }
                    }
                    seen.add(
                            "uid "
                                    + s.get("Uid")
                                    + " gid "
                                    + s.get("Gid")
                                    + " caps "
                                    + s.get("CapEff"));
                } catch (IOException e) {
                    // the thread retired while we looked
                }
            }
        }
        return seen;
    }

    private static String worker(String uids, String gids, String caps) {
        return "uid " + uids + " gid " + gids + " caps " + caps;
    }

    @Test
    void aNonRootProcessWithoutAUserNamespaceHasItsIoctlsMediatedByWorkersActingAsIt()
            throws Exception {
        Path b =
                bundle(
                        "oci-cred-nonroot",
                        "sluice-testguest ptn; sluice-testguest peer; sluice-testguest deny; echo done=1; exec sleep 100",
                        c -> user(c, 1000, 1000));
        String id = Sluice.unique("crednonroot");
        Path out = running(b, id);
        String text = await(out, "done=");
        Map<String, String> v = values(text);
        assertFalse(
                v.getOrDefault("ptn", "-1").equals("-1"),
                "TIOCGPTN of a uid 1000 process is emulated: the sentry dup'ed"
                        + " its fd and wrote its memory (before the fix: EPERM)\n"
                        + text);
        assertEquals(
                "0", v.get("peer_errno"), "TIOCGPTPEER is emulated and the peer injected\n" + text);
        assertEquals(
                "ENOTTY",
                v.get("deny_errno"),
                "TIOCGPTLCK was trapped and denied by the pty proxy: mediated\n" + text);
        assertEquals(
                Set.of(worker("0 1000 0 0", "0 1000 0 0", NONE)),
                workers(sentryPid(id)),
                "every worker acts as uid and gid 1000 (effective; real and saved stay root's) with no capability:"
                        + " what a non-root process holds after exec");
    }

    @Test
    void eachListenerIsServedWithTheCredentialsOfItsOwnProcess() throws Exception {
        Path b =
                bundle(
                        "oci-cred-exec",
                        "sluice-testguest ptn; echo done=1; exec sleep 100",
                        c -> capabilities(c, "CAP_CHOWN", "CAP_KILL"));
        String id = Sluice.unique("credexec");
        Path out = running(b, id);
        String text = await(out, "done=");
        assertFalse(
                values(text).getOrDefault("ptn", "-1").equals("-1"),
                "the root process's TIOCGPTN is emulated\n" + text);
        long sentry = sentryPid(id);
        assertEquals(
                Set.of(worker("0 0 0 0", "0 0 0 0", CHOWN_AND_KILL)),
                workers(sentry),
                "the first process's workers act as root with its own two capabilities, not sluice run's default set");

        try (Sluice.Running exec =
                Sluice.command(
                                "--root",
                                oci.root().toString(),
                                "exec",
                                "--user",
                                "1000:1000",
                                id,
                                "sh",
                                "-c",
                                "sluice-testguest ptn; sluice-testguest deny; echo done=1; exec sleep 100")
                        .start()) {
            exec.awaitStdoutLine("done=1"::equals, WAIT);
            Map<String, String> e = values(exec.stdoutSoFar());
            assertFalse(
                    e.getOrDefault("ptn", "-1").equals("-1"),
                    "the exec'd uid 1000 process's TIOCGPTN is emulated\n"
                            + exec.stdoutSoFar()
                            + exec.stderrSoFar());
            assertEquals(
                    "ENOTTY",
                    e.get("deny_errno"),
                    "and its TIOCGPTLCK denied: mediated\n" + exec.stdoutSoFar());
            Set<String> expected =
                    Set.of(
                            worker("0 0 0 0", "0 0 0 0", CHOWN_AND_KILL),
                            worker("0 1000 0 0", "0 1000 0 0", NONE));
            assertEquals(
                    expected,
                    settledWorkers(sentry, expected),
                    "the exec'd process's listener is served as uid 1000 without capabilities, the"
                            + " first one's still as root with CAP_CHOWN and CAP_KILL");
        }
    }

    private static Map<String, String> values(String text) {
        Map<String, String> m = new LinkedHashMap<>();
        java.util.regex.Matcher k =
                java.util.regex.Pattern.compile("(?<![\\w.-])([a-z][a-z0-9_]*)=(\\S*)")
                        .matcher(text);
        while (k.find()) {
            m.put(k.group(1), k.group(2));
        }
        return m;
    }
}
