package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** docs/ioctls.md is generated from the tables; this keeps the two in step. */
class IoctlsDocTest {
    @Test
    void docsIoctlsMdMatchesTheTables() throws IOException {
        Path root = Path.of(System.getProperty("sluice.root", ".."));
        Path doc = root.resolve("docs/ioctls.md");
        assertEquals(
                IoctlsCommand.render(),
                Files.readString(doc),
                "docs/ioctls.md is stale: regenerate it with `bin/sluice ioctls > docs/ioctls.md`");
    }
}
