package dev.sluice.nvproxy.frontend;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What NVProxy allows on one driver branch: the RM control commands, allocation classes and UVM
 * commands, each with its params size and the capabilities that enable it.
 *
 * <p>One subclass per branch. A branch is built as its parent plus overrides: a subclass calls the
 * parent's {@code controls}/{@code classes}/{@code uvm} and then adds, replaces or removes the rows
 * whose ABI changed, so a new branch states only its differences. The maps are built once.
 */
public abstract class DriverAbi {
    private Map<Integer, ControlRule> controls;
    private Map<Integer, ClassRule> classes;
    private Map<Integer, UvmRule> uvm;

    /** One allowed UVM command: CONTINUE by number. */
    public record UvmRule(int cmd, String name, long caps) {}

    /** The branch this ABI describes, e.g. {@code 580}. */
    public abstract String branch();

    /** Fills the allowed RM control commands. */
    protected abstract void controls(Map<Integer, ControlRule> m);

    /** Fills the allowed allocation classes. */
    protected abstract void classes(Map<Integer, ClassRule> m);

    /** Fills the allowed UVM commands. */
    protected abstract void uvm(Map<Integer, UvmRule> m);

    public final synchronized Map<Integer, ControlRule> controlRules() {
        if (controls == null) {
            Map<Integer, ControlRule> m = new TreeMap<>(Integer::compareUnsigned);
            controls(m);
            controls = Collections.unmodifiableMap(m);
        }
        return controls;
    }

    public final synchronized Map<Integer, ClassRule> classRules() {
        if (classes == null) {
            Map<Integer, ClassRule> m = new TreeMap<>(Integer::compareUnsigned);
            classes(m);
            classes = Collections.unmodifiableMap(m);
        }
        return classes;
    }

    public final synchronized Map<Integer, UvmRule> uvmRules() {
        if (uvm == null) {
            Map<Integer, UvmRule> m = new LinkedHashMap<>();
            uvm(m);
            uvm = Collections.unmodifiableMap(m);
        }
        return uvm;
    }
}
