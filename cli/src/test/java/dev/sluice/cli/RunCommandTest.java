package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

/** {@code sluice run}'s option parsing, without running anything (running needs root). */
class RunCommandTest {
    /** Parses as Main does: everything after CMD belongs to CMD. */
    private static RunCommand parse(String... args) {
        RunCommand c = new RunCommand();
        new CommandLine(c).setStopAtPositional(true).parseArgs(args);
        return c;
    }

    @Test
    void rdmaGenericTakesOnlyAnAttachedValue() {
        assertNull(parse("--rdma", "rxe0", "ibv_devinfo").rdmaGeneric, "absent: null (off)");
        RunCommand plain = parse("--rdma", "rxe0", "--rdma-generic", "ibv_devinfo", "-l");
        assertEquals("true", plain.rdmaGeneric, "alone it means true");
        assertEquals(
                List.of("ibv_devinfo", "-l"),
                plain.command,
                "the argument after it is the command, not the option's value");
        assertEquals(
                "true",
                parse("--rdma-generic", "--", "true").rdmaGeneric,
                "before --: true, and `true` is the command");
        assertEquals(
                List.of("true"),
                parse("--rdma-generic", "--", "true").command,
                "the command after --");
        RunCommand forced = parse("--rdma", "rxe0", "--rdma-generic=force", "--", "ib_write_bw");
        assertEquals("force", forced.rdmaGeneric, "=force attached");
        assertEquals(List.of("ib_write_bw"), forced.command, "the command");
        assertEquals(
                "false",
                parse("--rdma-generic=false", "true").rdmaGeneric,
                "=false is passed on; SandboxPolicy checks every value");
    }

    @Test
    void aSparesRehearsalOfARunStartsNothingAndLeavesNothingBehind() throws Exception {
        java.nio.file.Path tmp = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"));
        java.util.function.Supplier<List<String>> leftovers =
                () -> {
                    try (var s = java.nio.file.Files.list(tmp)) {
                        return s.map(p -> p.getFileName().toString())
                                .filter(n -> n.startsWith("sluice-rehearsal"))
                                .toList();
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                };
        List<String> before = leftovers.get();
        long children = ProcessHandle.current().children().count();
        // The spare's own command line, parsed as Main parses it, then everything but the sandbox.
        CommandLine cl = Main.commandLine(new Main(), SpareSentryMain.REHEARSED_RUN);
        cl.getSubcommands().get("run").setStopAtPositional(true);
        cl.parseArgs(SpareSentryMain.REHEARSED_RUN);
        RunCommand run = cl.getSubcommands().get("run").getCommand();
        assertEquals(List.of("/bin/true"), run.command, "the rehearsed command line");
        run.rehearse();
        assertEquals(before, leftovers.get(), "its staging directory is removed");
        assertEquals(
                children,
                ProcessHandle.current().children().count(),
                "no process started (sluice-init is not)");
    }

    @Test
    void theHelpSaysWhatRdmaGenericDoesAndForWhom() {
        StringWriter out = new StringWriter();
        CommandLine cl = new CommandLine(new RunCommand());
        cl.setOut(new PrintWriter(out));
        cl.usage(new PrintWriter(out));
        String help = out.toString().replaceAll("\\s+", " ");
        assertTrue(help.contains("--rdma-generic[=force]"), "its synopsis: " + help);
        assertTrue(
                help.contains("host driver has no RDMAProxy plugin")
                        && help.contains("generic plugin")
                        && help.contains("--rdma-generic=force serves every device"),
                "what it does, for which drivers, and the forced form: " + help);
    }
}
