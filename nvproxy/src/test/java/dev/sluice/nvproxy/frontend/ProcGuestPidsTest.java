package dev.sluice.nvproxy.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.IntUnaryOperator;

/** Host pids into a guest's pid namespace, from /proc: a made-up tree, then this process's own. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ProcGuestPidsTest {

    private static void process(Path proc, int pid, String ns, String nspid) throws Exception {
        Path dir = Files.createDirectories(proc.resolve(Integer.toString(pid)).resolve("ns"));
        Files.createSymbolicLink(dir.resolve("pid"), Path.of(ns));
        Files.writeString(
                proc.resolve(Integer.toString(pid)).resolve("status"),
                "Name:\tx\nPid:\t" + pid + "\nNSpid:\t" + nspid + "\nVmRSS:\t1 kB\n");
    }

    @Test
    void onlyProcessesOfTheGuestsNamespaceAreTranslated(@TempDir Path proc) throws Exception {
        process(proc, 500, "pid:[4026532001]", "500\t3"); // the calling guest thread
        process(proc, 501, "pid:[4026532001]", "501\t7"); // its sibling
        process(proc, 600, "pid:[4026532999]", "600\t7"); // another sandbox's pid 7
        process(proc, 1, "pid:[4026531836]", "1"); // the host's init
        process(proc, 700, "pid:[4026533000]", "700\t8\t2"); // nested below the guest's: dropped
        IntUnaryOperator t = new ProcGuestPids(proc).of(500);
        assertEquals(3, t.applyAsInt(500), "the caller itself");
        assertEquals(7, t.applyAsInt(501), "a process of the guest, in the guest's numbers");
        assertEquals(0, t.applyAsInt(600), "another sandbox's process is not the guest's to see");
        assertEquals(0, t.applyAsInt(1), "nor the host's");
        assertEquals(0, t.applyAsInt(700), "a nested namespace's process is dropped");
        assertEquals(0, t.applyAsInt(4242), "a pid that is gone");
        assertEquals(0, t.applyAsInt(0), "0");
        assertEquals(0, t.applyAsInt(-5), "a negative pid");
        assertEquals(
                0,
                new ProcGuestPids(proc).of(4242).applyAsInt(501),
                "a caller that is gone sees nothing");
    }

    @Test
    void inItsOwnNamespaceAProcessIsItself() {
        int self = (int) ProcessHandle.current().pid();
        assertEquals(
                self,
                new ProcGuestPids(Path.of("/proc")).of(self).applyAsInt(self),
                "this JVM, asked from its own namespace, is its own pid");
    }
}
