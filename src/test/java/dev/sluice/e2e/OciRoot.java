package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A test's own {@code --root} for the OCI suites ({@code @RegisterExtension}): made fresh before
 * each test (which is skipped, visibly, without busybox), and after it what the test registered is
 * closed (reapers, agents), every container left there deleted with {@code --force}, the root
 * removed and the bundles cleaned up.
 */
final class OciRoot implements BeforeEachCallback, AfterEachCallback {
    private final String[] notContainers;
    private final List<AutoCloseable> closing = new ArrayList<>();
    private Path root;

    /**
     * @param notContainers entries of the root that are not Sluice's containers (e.g. runc's own
     *     root)
     */
    OciRoot(String... notContainers) {
        this.notContainers = notContainers;
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        OciBundle.assumeBusybox();
        root = OciBundle.root();
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        for (AutoCloseable c : closing) {
            c.close();
        }
        closing.clear();
        OciBundle.deleteRoot(root, notContainers);
        OciBundle.cleanup();
    }

    Path root() {
        return root;
    }

    /** {@code bin/sluice --root ROOT ARGS...}. */
    Sluice.Result run(Object... args) {
        return OciBundle.oci(root, args);
    }

    /** Closed after the test, before its containers are deleted. */
    <T extends AutoCloseable> T closeAfter(T c) {
        closing.add(c);
        return c;
    }

    /**
     * A container that {@link #start} created and started: its init's reaper (stdout in {@code
     * reaper.out}) and pid.
     */
    record Started(OciBundle.Reaper reaper, long pid) {}

    /**
     * Creates container {@code id} of {@code bundle} under this root, its init reparented to a
     * reaper (files {@code init-ID.*} in the bundle), and starts it; fails the test if either
     * fails.
     */
    Started start(Path bundle, String id) {
        Duration wait = Duration.ofSeconds(60);
        OciBundle.Reaper reaper =
                closeAfter(
                        OciBundle.Reaper.named(
                                bundle,
                                "init-" + id,
                                "--root",
                                root.toString(),
                                "create",
                                "--bundle",
                                bundle.toString(),
                                "--pid-file",
                                bundle.resolve("init-" + id + ".pid").toString(),
                                id));
        assertEquals(
                "0",
                reaper.await("cmd", wait),
                "create " + id + "\n" + OciBundle.Reaper.read(reaper.err));
        long pid = Long.parseLong(reaper.await("pid", wait));
        Sluice.Result start = run("start", id);
        assertEquals(0, start.exitCode(), "start " + id + "\n" + start);
        return new Started(reaper, pid);
    }
}
