package dev.sluice.e2e;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A test's own {@code --root} for the OCI suites ({@code @RegisterExtension}): made fresh before each
 * test (which is skipped, visibly, without busybox), and after it what the test registered is
 * closed (reapers, agents), every container left there deleted with {@code --force}, the root
 * removed and the bundles cleaned up.
 */
final class OciRoot implements BeforeEachCallback, AfterEachCallback {
    private final String[] notContainers;
    private final List<AutoCloseable> closing = new ArrayList<>();
    private Path root;

    /** @param notContainers entries of the root that are not Sluice's containers (e.g. runc's own root) */
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
}
